import fs from 'node:fs';
import { E2E_STAFF_API_TOKEN } from '../staff-api';
import { expectNoAxeViolations } from './axe';
import { expect, expectOneReactAndOneFederationRuntime, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

const staff = { Authorization: `Bearer ${E2E_STAFF_API_TOKEN}` };

/** A tiny but real PDF: the server checks uploads by their bytes, not by their name. */
function tinyPdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += `${object}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test.describe('messaging with the care team (issue 4, spec part 1 §2, §4, §5, §7)', () => {
  test('Mikko starts a conversation with an attachment, a professional replies, Mikko reads it and downloads the file', async ({ page, request }) => {
    const subject = `Verenpainelääkitys ${Date.now()}`;

    await page.goto('/fi/viestit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/viestit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Viestit' })).toBeVisible();
    const conversations = page.getByRole('list', { name: 'Keskustelut' });
    await expect(conversations.getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page, 'conversation list');

    // New conversation (spec §2): subject, message, an attachment checked by its bytes
    await page.getByRole('link', { name: 'Uusi viesti' }).click();
    await expect(page).toHaveURL(/\/fi\/viestit\/uusi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeVisible();
    await page.getByLabel('Aihe').fill(subject);
    await page.getByLabel('Viesti', { exact: true }).fill('Hei! Liitteenä kotimittausten tulokset. Pitäisikö annosta muuttaa?');
    await page.locator('input[type="file"]').setInputFiles({ name: 'kotimittaukset.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    const attachments = page.getByRole('list', { name: 'Liitteet' });
    await expect(attachments.getByRole('listitem').filter({ hasText: 'kotimittaukset.pdf' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lähetä' })).toBeEnabled();
    await expectNoAxeViolations(page, 'new conversation');
    await page.getByRole('button', { name: 'Lähetä' }).click();

    // success redirects to the created thread
    await expect(page).toHaveURL(/\/fi\/viestit\/\d+$/);
    const threadId = /\/fi\/viestit\/(\d+)$/.exec(page.url())?.[1];
    expect(threadId).toBeTruthy();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Liitteenä kotimittausten tulokset')).toBeVisible();
    await expect(page.getByText('Vastaamme viesteihin 1–3 arkipäivän kuluessa.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeHidden(); // the footer is hidden on a conversation (spec §2)

    // a professional answers through the documented staff API
    const professionals = await request.get('/api/staff/messaging/professionals', { headers: staff });
    expect(professionals.ok()).toBe(true);
    const { professionals: list } = (await professionals.json()) as { professionals: Array<{ id: string | number }> };
    const professionalUserId = list[0]?.id;
    expect(professionalUserId).toBeDefined();
    const reply = await request.post(`/api/staff/messaging/threads/${threadId}/replies`, {
      headers: staff,
      data: { professionalUserId: Number(professionalUserId), content: 'Hei Mikko, annos pysyy ennallaan. Mittaa viikon päästä uudelleen.' },
    });
    expect(reply.status()).toBe(201);

    // the open conversation picks the reply up on its next poll (2 s in this suite, 120 s by default)
    await expect(page.getByText('annos pysyy ennallaan')).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'conversation with a reply');

    // the attachment opens in a new tab through a short-lived download URL, and arrives as the file sent
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /kotimittaukset\.pdf/ }).click()]);
    const download = await tab.waitForEvent('download');
    expect(download.suggestedFilename()).toBe('kotimittaukset.pdf');
    expect(download.url()).toContain('/api/attachments/download/');
    const saved = await download.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab.close();

    // the conversation was read on this page: the list no longer marks it unread
    await page.getByRole('link', { name: 'Takaisin viesteihin' }).click();
    await expect(page).toHaveURL(/\/fi\/viestit$/);
    const row = page.getByRole('listitem').filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Lukematon');
    await expectOneReactAndOneFederationRuntime(page);
  });

  test("another patient's conversation is not found, and the staff API refuses a wrong token", async ({ page, request }) => {
    const refused = await request.get('/api/staff/messaging/professionals', { headers: { Authorization: 'Bearer wrong-token-0123456789' } });
    expect(refused.status()).toBe(401);

    const mikkosThreads = await request.get(`/api/staff/messaging/threads?identityCode=${personas.mikko.code}`, { headers: staff });
    const { threads } = (await mikkosThreads.json()) as { threads: Array<{ id: string | number }> };
    const mikkosThread = threads[0]?.id;
    expect(mikkosThread).toBeDefined();

    await page.goto(`/fi/viestit/${mikkosThread}`);
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page.getByRole('heading', { name: 'Keskustelua ei löytynyt' })).toBeVisible();
    await expectNoAxeViolations(page, 'conversation not found');
  });
});
