// Temporary smoke run of the accounts and people screens (helper F); deleted after use.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser';
import { startProductServer } from './server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

function latestPin(dataDir: string, to: string): string | null {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return null;
  const mails = readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { to: string; text: string });
  const last = mails.filter((m) => m.to === to).pop();
  return last ? (/^PIN: (\d+)$/m.exec(last.text)?.[1] ?? null) : null;
}

const server = await startProductServer();
const browser = await launchBrowser();
const url = (p: string) => `${server.url}${p}`;
const step = (s: string) => console.log(`-- ${s}`);
try {
  const api = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(url(`/api${path}`), { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return r.json() as Promise<{ token: string; user: { id: string } }>;
  };
  const a = await api('/vregister', { email: 'a@example.com', my_callsign: 'PA3XYZ' });
  const b = await api('/vregister', { email: 'b@example.com', my_callsign: 'DL1ABC' });
  await api('/vupdateprofile', { password: 'seventy-three', password_confirmation: 'seventy-three' }, b.token);
  await api('/vupdateprofile', { name: 'Hans', email: 'b@example.com', qth: 'Berlin', grid: 'JO62', profile_bio: 'CW daily', is_ham: 1 }, b.token);

  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  page.on('pageerror', (e) => console.log('PAGE ERROR', e.message));

  step('PIN login');
  await page.goto(url('/password/reset'));
  await page.getByLabel('Callsign').fill('pa3xyz');
  await page.getByRole('button', { name: 'SEND PIN' }).click();
  await page.getByLabel('Pin Number').waitFor();
  const pin = latestPin(server.dataDir, 'a@example.com');
  if (!pin) throw new Error('no PIN mailed');
  await page.getByLabel('Pin Number').fill('000000');
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await page.waitForTimeout(500);
  console.log('dialogs', dialogs);
  await page.getByRole('button', { name: 'SEND PIN' }).click();
  await page.waitForTimeout(500);
  const pin2 = latestPin(server.dataDir, 'a@example.com');
  await page.getByLabel('Pin Number').fill(pin2 ?? '');
  await page.getByRole('button', { name: 'LOGIN', exact: true }).click();
  await page.waitForURL(/login=success/);

  step('settings');
  await page.goto(url('/account'));
  await page.getByLabel('Name', { exact: true }).fill('Piet');
  await page.getByLabel('QTH').fill('Delft');
  await page.getByLabel('Grid square').fill('jo22');
  await page.getByLabel('SWL').check();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.waitForTimeout(1000);
  console.log('dialogs', dialogs.slice(-1));
  await page.getByLabel('Grid square').fill('zz99');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.waitForTimeout(800);
  console.log('grid error shown:', await page.locator('.field-error').allInnerTexts());
  await page.getByRole('button', { name: 'Show API key' }).click();
  await page.getByRole('img', { name: 'QR code to sign in the mobile app' }).waitFor();
  await page.getByRole('button', { name: 'New API key' }).click();
  await page.waitForTimeout(800);
  console.log('dialogs', dialogs.slice(-2));

  step('sub-accounts');
  await page.goto(url('/account/profiles'));
  await page.getByRole('heading', { name: 'Sub Accounts for PA3XYZ' }).waitFor();
  await page.getByLabel('Callsign').fill('pa3sub');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('row', { name: /PA3SUB/ }).waitFor();
  await page.getByLabel('Callsign').fill('pa3sub');
  await page.getByRole('button', { name: 'Add' }).click();
  console.log('dup error:', await page.locator('.field-error').allInnerTexts());

  step('public profile, follow, message');
  await page.goto(url('/'));
  await page.getByRole('searchbox', { name: 'Find a station' }).fill('dl1abc');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/DL1ABC$/);
  await page.getByRole('heading', { name: /DL1ABC/ }).waitFor();
  await page.getByRole('button', { name: 'Follow DL1ABC' }).click();
  await page.getByRole('button', { name: 'Unfollow DL1ABC' }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Unfollow DL1ABC' }).waitFor();
  await page.getByText('please upgrade to use direct messaging').waitFor();
  execFileSync('npm', ['run', 'subscription', '--', 'PA3XYZ', 'premium', '2030-01-01'], { cwd: join(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' }, stdio: 'inherit' });
  await page.reload();
  await page.waitForTimeout(11_000); // the status poll brings the new subscription
  await page.reload();
  await page.getByLabel('Your message').fill('Hello Hans, 73!');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Message sent.').waitFor();

  step('photos');
  await page.goto(url('/profile/pictures'));
  await page.getByLabel('Photo file').setInputFiles({ name: 'shack.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Photo uploaded successfully!').waitFor({ timeout: 10_000 }).catch(async () => console.log('upload text:', await page.locator('.notice').allInnerTexts()));
  await page.getByRole('button', { name: 'Make Photo 1 the profile picture' }).click();
  await page.getByText('Photo set as default successfully!').waitFor();
  await page.getByRole('button', { name: 'View Photo 1' }).click();
  await page.keyboard.press('Escape');
  await page.goto(url('/PA3XYZ'));
  await page.getByRole('button', { name: 'Open photo 1 of PA3XYZ' }).waitFor();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: '/tmp/f-profile-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/f-profile-1280.png', fullPage: true });

  step('switch to the sub-account from its page');
  await page.goto(url('/PA3SUB'));
  await page.getByRole('button', { name: 'Switch to PA3SUB' }).click();
  await page.waitForURL(/\/PA3SUB$/);
  await page.getByRole('button', { name: /PA3SUB/ }).waitFor();
  await page.goto(url('/account/profiles'));
  await page.getByText('You cannot add sub-accounts. Please logout and login to your main account to add new sub-accounts.').waitFor();

  step('recipient inbox');
  const page2 = await browser.newPage();
  await page2.goto(url('/login'));
  await page2.getByLabel('Email').fill('b@example.com');
  await page2.getByLabel('Password').fill('seventy-three');
  await page2.getByRole('button', { name: 'LOGIN' }).click();
  await page2.waitForURL(/login=success/);
  await page2.getByRole('link', { name: 'Notifications 1 unread' }).waitFor({ timeout: 15_000 });
  await page2.screenshot({ path: '/tmp/f-home-1280.png' });
  await page2.getByRole('link', { name: /Notifications/ }).click();
  await page2.getByText('Hello Hans, 73!').waitFor();
  await page2.waitForTimeout(500);
  await page2.screenshot({ path: '/tmp/f-inbox-1280.png', fullPage: true });
  await page2.setViewportSize({ width: 375, height: 740 });
  await page2.goto(url('/profile'));
  await page2.screenshot({ path: '/tmp/f-settings-375.png', fullPage: false });
  await page2.getByRole('button', { name: /DL1ABC/ }).click();
  await page2.screenshot({ path: '/tmp/f-menu-375.png', fullPage: false });
  console.log('final dialogs', dialogs);
  console.log('SMOKE OK');
} finally {
  await browser.close();
  await server.stop();
}
