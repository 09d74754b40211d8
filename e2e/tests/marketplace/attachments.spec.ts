/**
 * A file in a thread, on the composed page against the real backend: the worker attaches a PDF to a
 * message from the gig page; the poster, in a browser of their own, opens the thread on the
 * dashboard and downloads the same bytes; a third member who asks storage for the file is answered
 * as if it did not exist (the attachments bucket is private to the application's two parties).
 */
import fs from 'node:fs';
import { passwordSession, signIn } from '../../helpers/users';
import { applyAs, createMember, dashboard, expect, gigPage, postGig, test, uniqueTitle } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const LIVE = { timeout: 30_000 };

test('a file sent in a thread is downloaded by the other party and refused to a third member', async ({ app, page, backend, browser }) => {
  test.setTimeout(240_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const third = await createMember(backend, 'Theo Third');
  const title = uniqueTitle('Logo with a brief');
  const gigId = await postGig(backend, poster, title);
  await applyAs(backend, worker, gigId, 'I can draw it.');

  // The worker sends the brief as a file from the gig page.
  await signIn(page, backend, worker);
  await app.goto(`#gig/${gigId}`);
  const gig = gigPage(page);
  await gig.getByRole('button', { name: 'Messages with Paula Poster' }).click(LIVE);
  await gig.getByLabel('Attach a file (optional)').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF });
  await gig.getByRole('textbox', { name: 'Your message' }).fill('The brief is attached.');
  await gig.getByRole('textbox', { name: 'Your message' }).press('Enter');
  const workerThread = gig.getByRole('list', { name: 'Messages with Paula Poster' });
  await expect(workerThread.getByRole('button', { name: /^Download brief\.pdf/ })).toBeVisible(LIVE);

  // The poster opens the thread on the dashboard and downloads the same bytes.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl, acceptDownloads: true });
  const posterPage = await posterContext.newPage();
  await signIn(posterPage, backend, poster);
  await posterPage.goto('/#dashboard');
  const myGigs = dashboard(posterPage).getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click(LIVE);
  const applicant = myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  await applicant.getByRole('button', { name: /^Messages .*with Walter Worker$/ }).click();
  const posterThread = applicant.getByRole('list', { name: 'Messages with Walter Worker' });
  await expect(posterThread.getByText('The brief is attached.')).toBeVisible(LIVE);
  const downloading = posterPage.waitForEvent('download', LIVE);
  await posterThread.getByRole('button', { name: /^Download brief\.pdf/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('brief.pdf');
  expect(fs.readFileSync(await download.path())).toEqual(PDF);
  await posterContext.close();

  // A third member asks storage for it: answered exactly as for a file that does not exist.
  const bearer = async (who: typeof worker) => ({ apikey: backend.anonKey, authorization: `Bearer ${(await passwordSession(backend, who.email, who.password)).access_token}` });
  const rows = (await (await fetch(`${backend.url}/rest/v1/application_messages?select=attachment_path&attachment_path=not.is.null`, { headers: await bearer(worker) })).json()) as { attachment_path: string }[];
  expect(rows).toHaveLength(1);
  const path = rows[0]!.attachment_path;
  const asThird = await bearer(third);
  const read = await fetch(`${backend.url}/storage/v1/object/authenticated/attachments/${path}`, { headers: asThird });
  expect(read.status).toBe(400);
  expect(await read.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  const sign = await fetch(`${backend.url}/storage/v1/object/sign/attachments/${path}`, { method: 'POST', headers: { ...asThird, 'content-type': 'application/json' }, body: '{"expiresIn":60}' });
  expect(sign.status).toBe(400);
  expect(((await sign.json()) as { statusCode: string }).statusCode).toBe('404');
});
