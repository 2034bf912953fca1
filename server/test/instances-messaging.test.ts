import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import {
  AttachmentDownloadUrlDocument,
  CreateAttachmentUploadDocument,
  MessagingThreadForCustomerDocument,
  MessagingThreadsDocument,
  SendMessageDocument,
} from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/index';
import { PERSONAS } from '../src/demo/seed/personas';
import { openTestDatabase, signIn, testConfig, type SignedInCaller } from './helpers';

/**
 * docs/operations.md, "Topology": instances keep no state of their own. Two server instances on one
 * database (and, for the local disk storage, one data folder — S3 in production): an upload ticket
 * from one is good on the other, the file sent with a message through the other, and the download
 * URL signed by one is honoured by the other (the URL secret lives in the database).
 */

let database: DatabaseHandle;
let dataDir: string;
let first: FastifyInstance;
let second: FastifyInstance;

async function instance(): Promise<FastifyInstance> {
  const config = testConfig(dataDir);
  const app = await buildApp(config, { database, prepareDatabase: false, logger: false });
  await app.ready();
  return app;
}

before(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-instances-'));
  first = await instance();
  second = await instance();
});

after(async () => {
  await first.close();
  await second.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function gql<T>(app: FastifyInstance, caller: SignedInCaller, document: { toString(): string }, variables: object = {}): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/customer-messaging?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: { ...caller.headers, accept: 'application/graphql-response+json, application/json' },
    payload: { query: document.toString(), variables },
  });
  const body = res.json() as { data?: T; errors?: unknown[] };
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data as T;
}

const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('messaging across two instances on one database', () => {
  it('an upload begun on one instance is stored, sent and downloaded through the other', async () => {
    const mikko = await signIn(first, PERSONAS.mikko);

    const { createAttachmentUpload: ticket } = await gql<{ createAttachmentUpload: { key: string; url: string } }>(first, mikko, CreateAttachmentUploadDocument);
    const put = await second.inject({
      method: 'PUT',
      url: `${ticket.url}&csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: { ...mikko.headers, 'content-type': 'application/pdf' },
      payload: pdf(),
    });
    assert.equal(put.statusCode, 200, put.body);

    const { messagingThreads } = await gql<{ messagingThreads: { paginatedThreads: Array<{ id: string }> } }>(second, mikko, MessagingThreadsDocument, {
      pagination: { limit: 1 },
    });
    const threadId = messagingThreads.paginatedThreads[0]?.id;
    assert.ok(threadId);
    const sent = await gql<{ sendMessage: { message: { attachments: Array<{ id: string; fileName: string }> } } }>(second, mikko, SendMessageDocument, {
      threadId,
      message: { content: 'Liitteenä mittaukset.', attachments: [{ key: ticket.key, fileName: 'mittaukset.pdf', contentType: 'application/pdf' }] },
    });
    const attachment = sent.sendMessage.message.attachments[0];
    assert.equal(attachment?.fileName, 'mittaukset.pdf');

    // the first instance sees the message and signs a download URL the second honours
    const { messagingThreadForCustomer } = await gql<{ messagingThreadForCustomer: { messages: { paginatedMessages: Array<{ content: string }> } } }>(
      first,
      mikko,
      MessagingThreadForCustomerDocument,
      { id: threadId },
    );
    assert.ok(messagingThreadForCustomer.messages.paginatedMessages.some((m) => m.content === 'Liitteenä mittaukset.'));
    const { attachmentDownloadUrl } = await gql<{ attachmentDownloadUrl: string }>(first, mikko, AttachmentDownloadUrlDocument, { id: attachment?.id });
    const download = await second.inject({ method: 'GET', url: attachmentDownloadUrl });
    assert.equal(download.statusCode, 200);
    assert.equal(download.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  });
});
