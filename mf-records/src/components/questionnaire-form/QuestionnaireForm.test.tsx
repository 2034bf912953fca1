import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionnaireResponse } from '@portal/shared-api';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { QuestionnaireForm, type SubmitOutcome } from './QuestionnaireForm';
import { testQuestionnaire, testResponse } from './test-questionnaire';

function setup(outcome: (response: QuestionnaireResponse) => Promise<SubmitOutcome> = async () => ({ status: 'success' }), lang: 'en' | 'fi' = 'en') {
  const user = userEvent.setup();
  const onSubmit = jest.fn(outcome);
  renderWithShell(<QuestionnaireForm questionnaire={testQuestionnaire} onSubmit={onSubmit} />, createFakeShell({ lang }));
  return { user, onSubmit };
}

const mood = () => screen.getByRole('textbox', { name: 'Mieliala asteikolla 0–10' });
const submitButton = () => screen.getByRole('button', { name: /^Send answers/ });

/** Answers every question of the test form as testResponse has them. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(mood(), '7');
  await user.click(within(screen.getByRole('radiogroup', { name: 'Vähäinen kiinnostus asioihin' })).getByRole('radio', { name: 'Useana päivänä' }));
  await user.click(within(screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' })).getByRole('radio', { name: 'Yes' }));
  await user.type(screen.getByRole('textbox', { name: 'Kerro univaikeuksistasi' }), 'Heräilen öisin.');
  await user.type(screen.getByLabelText('Viimeisin sairausloma'), '2026-03-02');
}

describe('questionnaire form: the item types', () => {
  test('renders each supported item type with the portal\'s own labelled controls', () => {
    setup();
    expect(screen.getByText('Questions marked with * are required.')).toBeInTheDocument();
    // display
    expect(screen.getByText('Kysely koskee viimeistä kahta viikkoa.').tagName).toBe('P');
    // integer: labelled, required, with its range as the description
    expect(mood()).toBeRequired();
    expect(mood()).toHaveAttribute('inputmode', 'numeric');
    expect(mood()).toHaveAccessibleDescription('A whole number from 0 to 10');
    // group: a fieldset named by its legend, holding its items
    const group = screen.getByRole('group', { name: 'Oireet' });
    expect(group.tagName).toBe('FIELDSET');
    // choice (codings): radio buttons in a radiogroup named by the question
    const interest = within(group).getByRole('radiogroup', { name: 'Vähäinen kiinnostus asioihin' });
    expect(interest).toHaveAttribute('aria-required', 'true');
    expect(within(interest).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Ei lainkaan', 'Useana päivänä']);
    // choice (strings), optional
    const size = within(group).getByRole('radiogroup', { name: 'Vaatekoko' });
    expect(size).not.toHaveAttribute('aria-required');
    expect(within(size).getByRole('radio', { name: 'M' })).toBeInTheDocument();
    // boolean: yes / no
    const sleep = screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' });
    expect(within(sleep).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Yes', 'No']);
    // date
    expect(screen.getByLabelText('Viimeisin sairausloma')).toHaveAttribute('type', 'date');
    // string, with its length
    const notes = screen.getByRole('textbox', { name: 'Muuta kerrottavaa' });
    expect(notes).not.toBeRequired();
    // its length is said and checked, never cut (issue 28)
    expect(notes).not.toHaveAttribute('maxlength');
    expect(notes).toHaveAccessibleDescription('At most 50 characters');
    // text: only when its enableWhen holds
    expect(screen.queryByRole('textbox', { name: 'Kerro univaikeuksistasi' })).not.toBeInTheDocument();
  });

  test('speaks Finnish around the Finnish form texts', () => {
    setup(undefined, 'fi');
    expect(screen.getByText('Tähdellä (*) merkityt kysymykset ovat pakollisia.')).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' })).getByRole('radio', { name: 'Kyllä' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lähetä vastaukset' })).toBeInTheDocument();
    expect(mood()).toHaveAccessibleDescription('Kokonaisluku väliltä 0–10');
  });
});

describe('questionnaire form: enableWhen', () => {
  test('a follow-up appears while its condition holds and goes away when it does not', async () => {
    const { user } = setup();
    const sleep = screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' });
    await user.click(within(sleep).getByRole('radio', { name: 'Yes' }));
    const details = screen.getByRole('textbox', { name: 'Kerro univaikeuksistasi' });
    expect(details.tagName).toBe('TEXTAREA');
    expect(details).toBeRequired();
    await user.click(within(sleep).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'Kerro univaikeuksistasi' })).not.toBeInTheDocument();
  });

  test('answers of a follow-up that was hidden again are not sent', async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' })).getByRole('radio', { name: 'No' }));
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]?.[0];
    expect(sent?.item?.map((item) => item.linkId)).toEqual(['mood', 'phq', 'sleep', 'lastLeave']);
    expect(sent?.item?.[2]).toEqual({ linkId: 'sleep', answer: [{ valueBoolean: false }] });
  });
});

describe('questionnaire form: errors', () => {
  test('submitting without the required answers shows a summary and inline errors, and focuses the first', async () => {
    const { user, onSubmit } = setup();
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    const summary = screen.getByRole('group', { name: 'Check 2 answers' });
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Mieliala asteikolla 0–10: Answer this question.',
      'Vähäinen kiinnostus asioihin: Answer this question.',
    ]);
    expect(mood()).toHaveFocus();
    expect(mood()).toHaveAttribute('aria-invalid', 'true');
    expect(mood()).toHaveAccessibleDescription('A whole number from 0 to 10 Answer this question.');
    const interest = screen.getByRole('radiogroup', { name: 'Vähäinen kiinnostus asioihin' });
    expect(interest).toHaveAttribute('aria-invalid', 'true');
    expect(interest).toHaveAccessibleDescription('Answer this question.');
    // a link of the summary takes the user to its question
    await user.click(within(summary).getByRole('link', { name: /Vähäinen kiinnostus/ }));
    expect(within(interest).getByRole('radio', { name: 'Ei lainkaan' })).toHaveFocus();
  });

  test('errors follow the answers: a wrong number says so, a fixed one goes away', async () => {
    const { user } = setup();
    await user.click(submitButton());
    await user.type(mood(), 'abc');
    expect(mood()).toHaveAccessibleDescription('A whole number from 0 to 10 Enter a whole number.');
    await user.clear(mood());
    await user.type(mood(), '11');
    // new problems wait for the next submit, so nobody is told off while still typing
    await user.click(submitButton());
    expect(mood()).toHaveAccessibleDescription('A whole number from 0 to 10 The largest allowed value is 10.');
    await user.clear(mood());
    await user.type(mood(), '10');
    expect(mood()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('group', { name: 'Check 1 answer' })).toBeInTheDocument();
  });

  test('a required follow-up is required once it shows', async () => {
    const { user, onSubmit } = setup();
    await user.type(mood(), '5');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Vähäinen kiinnostus asioihin' })).getByRole('radio', { name: 'Ei lainkaan' }));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' })).getByRole('radio', { name: 'Yes' }));
    await user.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();
    const details = screen.getByRole('textbox', { name: 'Kerro univaikeuksistasi' });
    expect(details).toHaveFocus();
    expect(details).toHaveAccessibleDescription('At most 200 characters Answer this question.');
  });
});

describe('questionnaire form: sending', () => {
  test('valid answers go out as a completed QuestionnaireResponse nested like the form', async () => {
    let finish: (outcome: SubmitOutcome) => void = () => {};
    const { user, onSubmit } = setup(() => new Promise<SubmitOutcome>((resolve) => (finish = resolve)));
    await fillValid(user);
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith(testResponse);
    // busy while it runs; a second press sends nothing
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(submitButton());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish({ status: 'success' });
  });

  test('a failure shows its message above the button and keeps the answers', async () => {
    const { user } = setup(async () => ({ status: 'error', message: 'Tallennus epäonnistui, yritä myöhemmin.' }));
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tallennus epäonnistui, yritä myöhemmin.');
    expect(mood()).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Kerro univaikeuksistasi' })).toHaveValue('Heräilen öisin.');
    expect(submitButton()).not.toHaveAttribute('aria-busy');
  });

  test('answers the server refused show at their questions', async () => {
    const { user } = setup(async () => ({ status: 'error', message: 'Tallennus epäonnistui.', fieldErrors: new Map([['lastLeave', 'wrongType']]) }));
    await fillValid(user);
    await user.click(submitButton());
    const date = screen.getByLabelText('Viimeisin sairausloma');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tallennus epäonnistui.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Check this answer.');
    expect(date).toHaveFocus();
  });
});
