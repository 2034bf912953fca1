import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The Kela card in My information (spec part 2 §3, §4 Kela images, §5, §7, §8, §9; issue 12), in
 * Finnish, as Mikko (150385-9013): a PNG renamed .jpg is refused by its bytes with §5's message,
 * then both sides go up (init-upload, the PUTs through the attachment storage, finish-upload) and
 * the saved images show. One sign-in (the identity broker allows 30 per client per 10 minutes).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 2×2 RGB PNG in one colour: tiny, valid, decodable by the browser. */
function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.from([0, 0, 90, 160, 0, 90, 160]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 baseline JPEG. */
const jpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );

const FILE_TYPE_MESSAGE = 'Kuvatiedosto ei täytä vaatimuksia. Sallitut tiedostomuodot: JPEG, PNG';

/** Nothing wider than the screen. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the Kela card (issue 12)', () => {
  test('Mikko uploads both sides of his Kela card and sees them; a renamed file is refused by its bytes', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/fi/omat-tiedot');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/omat-tiedot/);

    const kela = page.getByRole('region', { name: 'Kela-kortti' });
    await expect(kela.getByText('Et ole lisännyt Kela-korttia.')).toBeVisible();
    const front = kela.getByLabel('Kela-kortin etupuoli');
    const back = kela.getByLabel('Kela-kortin takapuoli');
    const upload = kela.getByRole('button', { name: 'Lähetä kuvat' });
    await expect(upload).toBeDisabled();
    await expectNoAxeViolations(page, 'Kela card, none saved');

    // a PNG renamed .jpg: the browser calls it image/jpeg, the server's check of the bytes refuses it
    await front.setInputFiles({ name: 'kela-etu.jpg', mimeType: 'image/jpeg', buffer: png() });
    await expect(upload).toBeDisabled();
    await back.setInputFiles({ name: 'kela-taka.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
    await expect(kela.getByText('Valmis lähetettäväksi')).toHaveCount(2);
    await upload.click();
    await expect(kela.getByText(FILE_TYPE_MESSAGE)).toBeVisible();
    await expect(kela.getByRole('alert')).toHaveText('Kuvan lisääminen epäonnistui');
    await expect(front).toHaveAttribute('aria-invalid', 'true');
    await expect(kela.getByText('Et ole lisännyt Kela-korttia.')).toBeVisible();
    await expectNoAxeViolations(page, 'Kela card, refused');

    // a new choice starts over with both sides missing
    await front.setInputFiles({ name: 'kela-etu.png', mimeType: 'image/png', buffer: png() });
    await expect(kela.getByText('Kuvaa ei ole valittu')).toHaveCount(1);
    await expect(upload).toBeDisabled();
    await back.setInputFiles({ name: 'kela-taka.jpg', mimeType: 'image/jpeg', buffer: jpeg() });
    await expect(upload).toBeEnabled();
    await upload.click();

    await expect(kela.getByRole('status').filter({ hasText: 'Kela-kortin kuvat on tallennettu.' })).toBeVisible();
    await expect(kela.getByText('Lähetetty')).toHaveCount(2);
    const frontImage = kela.getByRole('img', { name: 'Kela-korttisi etupuoli' });
    const backImage = kela.getByRole('img', { name: 'Kela-korttisi takapuoli' });
    await expect(frontImage).toBeVisible();
    await expect(backImage).toBeVisible();
    // really decoded from the portal's own image route (the CSP allows images only from 'self')
    await expect.poll(() => frontImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
    await expect.poll(() => backImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await expect(kela.getByRole('heading', { name: 'Vaihda Kela-kortti' })).toBeVisible();
    await expectNoPageOverflow(page);
    await expectNoAxeViolations(page, 'Kela card, saved');

    // still there after a reload
    await page.reload();
    await expect(page.getByRole('region', { name: 'Kela-kortti' }).getByRole('img', { name: 'Kela-korttisi etupuoli' })).toBeVisible();
  });
});
