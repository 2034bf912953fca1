import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  MessagingThreadForCustomerDocument,
  MessagingThreadsDocument,
  type Lang,
  type MessagingThreadForCustomerQuery,
  type MessagingThreadsQuery,
} from '@portal/shared-api';
import { langFromAcceptLanguage } from '../src/modules/messaging/vocabulary';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 11 ("Also"): on the conversation pages the professionals' titles, the healthcare team's
 * name and a questionnaire's title are in the page's language, which the portal's messaging client
 * sends as Accept-Language; what people wrote (the threads' titles, the messages) stays as written.
 */

let t: TestApp;
let mikko: SignedInCaller;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t?.close());

async function gql<T>(document: { toString(): string }, variables: object, acceptLanguage: string | null): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer-messaging?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
    headers: {
      ...mikko.headers,
      accept: 'application/graphql-response+json, application/json',
      ...(acceptLanguage === null ? {} : { 'accept-language': acceptLanguage }),
    },
    payload: { query: document.toString(), variables },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json() as { data?: T; errors?: unknown };
  assert.equal(body.errors, undefined, res.body);
  assert.ok(body.data, res.body);
  return body.data;
}

const threads = (lang: string | null) => gql<MessagingThreadsQuery>(MessagingThreadsDocument, {}, lang).then((data) => data.messagingThreads.paginatedThreads);

async function thread(title: string, lang: string | null) {
  const id = (await threads('fi')).find((listed) => listed.title === title)?.id;
  assert.ok(id, `thread '${title}'`);
  return (await gql<MessagingThreadForCustomerQuery>(MessagingThreadForCustomerDocument, { id }, lang)).messagingThreadForCustomer;
}

const LANGS = ['fi', 'sv', 'en'] as const;
type InEach = Record<Lang, string>;

describe('messaging in the page’s language', () => {
  it("a conversation: the author's title, the team's name and the questionnaire's title; the message as written", async () => {
    const psychologist: InEach = { fi: 'Psykologi', sv: 'Psykolog', en: 'Psychologist' };
    const team: InEach = { fi: 'Terveystiimi', sv: 'Hälsoteamet', en: 'Healthcare team' };
    const wellbeing: InEach = { fi: 'Hyvinvointikysely', sv: 'Enkät om välmående', en: 'Wellbeing questionnaire' };
    for (const lang of LANGS) {
      const conversation = await thread('Hyvinvointikysely', lang);
      assert.equal(conversation.title, 'Hyvinvointikysely', `${lang}: the thread's title as written`);
      const [message] = conversation.messages.paginatedMessages;
      assert.ok(message);
      assert.deepEqual([message.author.firstName, message.author.lastName, message.author.title], ['Heikki', 'Laaksonen', psychologist[lang]], lang);
      assert.equal(message.content, 'Hei, täytäthän hyvinvointikyselyn ennen seuraavaa käyntiä.', `${lang}: the message as written`);
      assert.deepEqual(
        message.questionnaireInvitations.map((invitation) => invitation.questionnaire),
        [{ id: 'wellbeing-v1', title: wellbeing[lang] }],
        lang,
      );
      assert.deepEqual(
        conversation.participants.map((participant) => [participant.__typename, participant.firstName, participant.title ?? null]),
        [
          ['CustomerUser', 'Mikko', null],
          ['ProfessionalUser', team[lang], null],
          ['ProfessionalUser', 'Heikki', psychologist[lang]],
        ],
        lang,
      );
    }
  });

  it("an absent assignee's and the substitute's titles", async () => {
    const gp: InEach = { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' };
    for (const lang of LANGS) {
      const [assignment] = (await thread('Kurkkukipu', lang)).assignments;
      assert.ok(assignment);
      assert.equal(assignment.assignee.title, gp[lang], lang);
      const [absence] = assignment.assignee.absences;
      assert.ok(absence, 'Dr. Lahtinen is absent');
      assert.deepEqual(
        absence.substitutes.map((substitute) => [substitute.lastName, substitute.title]),
        [['Turunen', gp[lang]]],
        lang,
      );
    }
  });

  it("the conversation list: the latest message's author's title", async () => {
    const gp: InEach = { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' };
    for (const lang of LANGS) {
      const flu = (await threads(lang)).find((listed) => listed.title === 'Flunssaoireet');
      const author = flu?.messages.paginatedMessages[0]?.author;
      assert.deepEqual([author?.lastName, author?.title], ['Lahtinen', gp[lang]], lang);
    }
  });

  it('without Accept-Language, or with none of the portal’s languages, Finnish', async () => {
    for (const header of [null, 'de-DE, de;q=0.9']) {
      const [message] = (await thread('Hyvinvointikysely', header)).messages.paginatedMessages;
      assert.equal(message?.author.title, 'Psykologi', String(header));
    }
  });

  it('reads Accept-Language by quality, then order, by the primary tag', () => {
    assert.equal(langFromAcceptLanguage(undefined), 'fi');
    assert.equal(langFromAcceptLanguage(''), 'fi');
    assert.equal(langFromAcceptLanguage('en'), 'en');
    assert.equal(langFromAcceptLanguage('sv-FI'), 'sv');
    assert.equal(langFromAcceptLanguage('EN-gb'), 'en');
    assert.equal(langFromAcceptLanguage('de, sv;q=0.8, en;q=0.9'), 'en');
    assert.equal(langFromAcceptLanguage('en;q=0.5, sv'), 'sv');
    assert.equal(langFromAcceptLanguage('en;q=0, sv;q=0.1'), 'sv');
    assert.equal(langFromAcceptLanguage('*'), 'fi');
    assert.equal(langFromAcceptLanguage('en;q=abc, sv;q=0.2'), 'sv');
  });
});
