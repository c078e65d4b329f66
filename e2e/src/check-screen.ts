import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { describeViolations, seriousViolations } from './axe';
import { elementsPastRightEdge, horizontalOverflow } from './logger-journey';

/** No sideways scrolling, nothing serious for axe-core; a screenshot in E2E_SCREENSHOTS when it names a folder. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
  }
  expect(await horizontalOverflow(page), `${name}: ${await elementsPastRightEdge(page)}`).toBe(0);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(name, violations)).toEqual([]);
}
