import { chromium } from 'playwright-core';
const base = 'http://localhost:4411';
const [,, path, name, ...flags] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--enable-unsafe-swiftshader'] });
const combos = flags.includes('all') ? [['desktop','light','en'],['desktop','dark','he'],['mobile','light','he'],['mobile','dark','en'],['desktop','light','he'],['mobile','light','en']] : [['desktop','light','en']];
for (const [device, scheme, lang] of combos) {
  const viewport = device === 'desktop' ? { width: 1280, height: 800 } : { width: 390, height: 844 };
  const context = await browser.newContext({ baseURL: base, viewport, colorScheme: scheme });
  await context.request.post('/api/auth/sign-in', { data: { email: flags.includes('host') ? 'host@example.com' : 'guest@example.com', password: 'Passw0rd!' }, headers: { 'x-requested-with': 'fetch' } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.addInitScript(() => sessionStorage.setItem('lina.resultsView', 'map'));
  await page.goto((lang === 'he' ? '/he' : '') + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2500);
  const file = `/tmp/shots-map/${name}-${lang}-${scheme}-${device}.png`;
  await page.screenshot({ path: file });
  console.log(file);
  await context.close();
}
await browser.close();
