/**
 * Allure's configuration for `npm run report`. One self-contained HTML file: a report of many files fetches its data,
 * which a browser refuses to a page opened from disk, and showed a blank page. The history file, kept beside the
 * reports, lets each report show a clause's earlier runs (its historyId is the clause id).
 */
import { defineConfig } from 'allure';

export default defineConfig({
  name: 'teamchat-conformance',
  historyPath: './reports/allure-history.jsonl',
  plugins: {
    awesome: { options: { singleFile: true, reportName: 'teamchat-conformance' } },
  },
});
