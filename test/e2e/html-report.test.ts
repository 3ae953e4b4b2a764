// conformance.html in a real browser: self-contained (no request leaves the file), a failing run opens on its
// verdict and failure above the fold, filters work, evidence shows (the failing exchange first, nothing scrolls
// sideways at 1280 px).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunOutcome, runConformance } from './run-conformance.ts';

const CHROMIUM = '/usr/bin/chromium'; // Debian's package; .ci/run installs it
// No horizontal scrolling (evaluated in the page: the project's types have no DOM).
const FITS = 'document.documentElement.scrollWidth <= window.innerWidth';
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
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
    // The failing GET, not the cleanup's DELETEs that the check made after it.
    expect(await evidence.locator('pre.curl').textContent()).toContain('curl -sS -X GET');
    expect(await evidence.locator('details.evidence').getAttribute('open')).not.toBeNull();
    const first = evidence.locator('.exchange').first();
    expect(await first.getAttribute('class')).toBe('exchange failing');
    expect(await first.isVisible()).toBe(true);
    expect(await first.locator('.exchange-head').textContent()).toMatch(/^GET \S+\/api\/v1\/drafts as \S+ → 200$/);
    expect(await page.evaluate(FITS)).toBe(true);

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
    await page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })");
    expect(await page.evaluate(FITS)).toBe(true);
    await page.screenshot({ path: join(run.reportDir, 'conformance.png'), fullPage: true });
  }, 60_000);
});
