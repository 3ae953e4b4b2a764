/** A redacted, human summary of the configuration: secrets never appear, only which variable holds them. */
import { ROLES } from '../roles.ts';
import type { Config } from './load.ts';

export function describeConfig(config: Config, resolvedTarget?: string): string {
  const target = config.embedded
    ? `embedded reference server${resolvedTarget ? ` (${resolvedTarget})` : ''}${
        config.referenceFlavour !== 'contract' ? `, ${config.referenceFlavour} flavour` : ''
      }${config.referenceFaults.length ? ` with faults ${config.referenceFaults.join(', ')}` : ''}${
        config.referenceVariants.length ? ` with variants ${config.referenceVariants.join(', ')}` : ''
      }${config.referenceFeatureLevel !== undefined ? `, answering as feature level ${config.referenceFeatureLevel}` : ''}`
    : config.targetUrl;
  const lines = [
    `target      ${target}`,
    `profile     ${config.profile}   concurrency ${config.concurrency}   request timeout ${config.requestTimeoutMs} ms`,
    `realm       changes ${config.allowRealmChanges ? 'allowed' : 'not allowed (ALLOW_REALM_CHANGES=false)'}${
      config.featureLevel !== undefined ? `   feature level forced to ${config.featureLevel}` : ''
    }`,
    `reports     ${config.reportDir}/`,
  ];
  for (const role of ROLES) {
    const account = config.accounts[role];
    const how = account
      ? `${account.email} (${account.fromDefault ? 'reference realm default' : `${account.apiKey ? 'API key' : 'password'} from ${account.secretVar}`})`
      : `${config.disabledRoles[role]}: the development realm's account is tried, else its checks are disabled`;
    lines.push(`${role.padEnd(11)} ${how}`);
  }
  return lines.join('\n');
}
