// conformance.html in a real browser: self-contained (no request leaves the file), a failing run opens on its
// verdict and failure above the fold, filters work, evidence shows.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunOutcome, runConformance } from './run-conformance.ts';

const CHROMIUM = '/usr/bin/chromium'; // Debian's package; .ci/run installs it
let browser: Browser;
let run: RunOutcome;

describe.skipIf(!existsSync(CHROMIUM))('conformance.html in headless Chromium', () => {
  beforeAll(async () => {
    run = await runConformance({
      env: { REFERENCE_FAULTS: 'drafts-oldest-first' },
      args: ['--only', 'GET /drafts,CONV-*'],
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 120_000);
  afterAll(() => browser?.close());

  it('shows the counts, the failure with its evidence, and filters by outcome without the network', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const file = `file://${join(run.reportDir, 'conformance.html')}`;
    await page.goto(file);
    expect(requests).toEqual([file]);

    expect(await page.title()).toContain('embedded reference server');
    const failed = page.locator('tr.clause[data-outcome="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.locator('.id').textContent()).toBe('DRAFTS-LIST-002');
    const evidence = page.locator('tr.evidence[data-outcome="failed"]');
    expect(await evidence.locator('pre.curl').textContent()).toContain('curl -sS');
    expect(await evidence.locator('details').getAttribute('open')).not.toBeNull();

    // A failing run opens on its verdict and its one failure, above the fold, and nothing else.
    expect(await page.locator('.verdict').textContent()).toMatch(/^Not conforming: 1 MUST clause failed/);
    const box = await failed.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(900);
    const visible = () => page.locator('tr.clause:visible').count();
    expect(await visible()).toBe(1);
    await page.screenshot({ path: join(run.reportDir, 'conformance-failing.png') });

    const all = run.results!.clauses.length;
    await page.click('#show-all');
    expect(await visible()).toBe(all);
    await page.click('#problems-only');
    expect(await visible()).toBe(1);
    expect(await page.locator('section.endpoint:visible').count()).toBe(1);
    await page.click('[data-filter="passed"]');
    expect(await visible()).toBe(1 + run.results!.counts.passed);
    await page.click('#show-all');
    expect(await visible()).toBe(all);
    await page.screenshot({ path: join(run.reportDir, 'conformance.png'), fullPage: true });
  }, 60_000);
});
