import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:5212', viewport: { width: 390, height: 844 } });
await context.request.post('/api/auth/sign-in', { data: { email: process.env.AS ?? 'admin@example.com', password: 'Passw0rd!' }, headers: { 'x-requested-with': 'fetch' } });
const page = await context.newPage();
const paths = process.argv.slice(2);
for (const path of paths) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  const result = await page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const wide = [...document.querySelectorAll('body *')].filter((el) => { const r = el.getBoundingClientRect(); return r.right > 391 || r.left < -1; })
      .filter((el) => !el.closest('[role=region]') && getComputedStyle(el).position !== 'fixed')
      .slice(0, 6).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(el.getBoundingClientRect().left)},${Math.round(el.getBoundingClientRect().right)}] "${(el.textContent ?? '').slice(0, 30)}"`);
    return { width, wide };
  });
  console.log(path, result.width, '\n   ' + result.wide.join('\n   '));
}
await browser.close();
