import type { ReactNode } from 'react';
import type { OpeningHours, SicknessFundInfo } from '@portal/shared-api';
import styles from './SicknessFundPage.module.css';

/*
 * The sickness fund's static Finnish content (spec part 2 §2.4: "Static Finnish content", shown in
 * Finnish on every language's page). It is content, not interface text, so it lives here rather than in
 * the three catalogues. Every rule and hour it quotes comes from the page state (the server's copy of
 * spec part 2 §9 "Sickness fund static rules"); the text states nothing the spec does not give, so there
 * is no phone number, e-mail address, claim procedure or deadline here.
 */

const NBSP = '\u00a0';
const number = (value: number) => String(value).replace('.', ',');
const euros = (amount: number) => `${number(amount)}${NBSP}€`;
const percent = (value: number) => `${value}${NBSP}%`;
/** "7–21" */
const hours = ({ opens, closes }: OpeningHours) => `${opens}–${closes}`;
/** '2024-01-01' → "1.1.2024" */
const finnishDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day}.${month}.${year}`;
};

const SMALL = ['nolla', 'yksi', 'kaksi', 'kolme', 'neljä', 'viisi', 'kuusi', 'seitsemän', 'kahdeksan', 'yhdeksän'];
const numeral = (value: number) => SMALL[value] ?? String(value);
/** a count in running text: small numbers spelled out ("kaksi käyntiä"), others as digits */
const count = (value: number, one: string, many: string) => (value === 1 ? `yksi ${one}` : `${numeral(value)} ${many}`);

/** The phrases that quote the rules, shared by the table, the instructions and the FAQ. */
function phrases({ rules, hours: service, effectiveFrom }: SicknessFundInfo) {
  const visitsPerYear = (value: number) => `${count(value, 'käynti', 'käyntiä')} vuodessa`;
  return {
    effectiveFrom: finnishDate(effectiveFrom),
    rules: [
      { service: 'Sairaanhoitajan vastaanotto', rule: `omavastuu ${euros(rules.nurseVisit.feeEuros)}` },
      {
        service: 'Yleislääkäri',
        rule: `${euros(rules.generalPractitioner.feeEuros)}, enintään ${visitsPerYear(rules.generalPractitioner.maxVisitsPerYear)}`,
      },
      {
        service: 'Erikoislääkäri',
        rule: `korvaus ${percent(rules.specialist.percent)}, enintään ${euros(rules.specialist.maxEurosPerVisit)} / käynti, ${visitsPerYear(rules.specialist.maxVisitsPerYear)}`,
      },
      { service: 'Toimenpiteet', rule: `${percent(rules.procedures.percent)}, enintään ${euros(rules.procedures.maxEuros)}` },
      { service: 'Psykoterapia', rule: `enintään ${count(rules.psychotherapy.maxSessions, 'kerta', 'kertaa')}, ${percent(rules.psychotherapy.percent)}` },
      {
        service: 'Fysioterapia',
        rule: `${percent(rules.physiotherapy.percent)}, enintään ${euros(rules.physiotherapy.maxEurosPerYear)} vuodessa`,
      },
    ],
    nursePhone: `arkisin ${hours(service.nursePhone.weekdays)}, viikonloppuisin ja pyhäpäivinä ${hours(service.nursePhone.weekendsAndHolidays)}`,
    chat: `arkisin ${hours(service.chat.weekdays)}, viikonloppuisin ${hours(service.chat.weekends)}`,
    messageReply:
      service.messageReplyWorkingDays === 1 ? 'yhden arkipäivän kuluessa' : `${service.messageReplyWorkingDays} arkipäivän kuluessa`,
  };
}

function ServiceHours({ fund }: { fund: SicknessFundInfo }) {
  const text = phrases(fund);
  return (
    <dl className={`${styles.definitions} portal-mb-s`}>
      <dt>Sairaanhoitajan puhelinpalvelu</dt>
      <dd>{text.nursePhone}</dd>
      <dt>Chat</dt>
      <dd>{text.chat}</dd>
      <dt>Kiireettömät viestit</dt>
      <dd>vastaus {text.messageReply}</dd>
    </dl>
  );
}

export function Overview({ fund }: { fund: SicknessFundInfo }) {
  const text = phrases(fund);
  return (
    <>
      <h2>Yleistä sairauskassasta</h2>
      <p>
        Nämä sivut ovat työnantajasi sairauskassan jäsenille. Niiltä löydät sairauskassan korvauskäytännöt, ohjeet palvelujen
        käyttämiseen ja vastauksia usein kysyttyihin kysymyksiin.
      </p>
      <p>Sairauskassan säännöt ovat voimassa {text.effectiveFrom} alkaen.</p>
      <h3>Palveluajat</h3>
      <ServiceHours fund={fund} />
    </>
  );
}

export function ReimbursementPractices({ fund }: { fund: SicknessFundInfo }) {
  const text = phrases(fund);
  return (
    <>
      <h2>Korvauskäytännöt</h2>
      <div className="portal-table-scroll portal-mb-s">
        <table className="portal-table">
          <caption>Sairauskassan korvaussäännöt {text.effectiveFrom} alkaen</caption>
          <thead>
            <tr>
              <th scope="col">Palvelu</th>
              <th scope="col">Sääntö</th>
            </tr>
          </thead>
          <tbody>
            {text.rules.map(({ service, rule }) => (
              <tr key={service}>
                <th scope="row">{service}</th>
                <td>{rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function Instructions({ fund }: { fund: SicknessFundInfo }) {
  const text = phrases(fund);
  const { rules } = fund;
  return (
    <>
      <h2>Ohjeet palvelujen käyttämiseen</h2>
      <ol className={`${styles.steps} portal-grid-xs portal-mb-s`}>
        <li>Tarkista ennen hoitoa Korvauskäytännöt-välilehdeltä, mitä sääntöä palveluun sovelletaan ja onko sillä enimmäismäärää.</li>
        <li>Sairaanhoitajan puhelinpalvelu palvelee {text.nursePhone}.</li>
        <li>Chatissa voit asioida {text.chat}.</li>
        <li>Kiireettömissä asioissa voit lähettää viestin. Siihen vastataan {text.messageReply}.</li>
      </ol>
      <h3>Korvaukset</h3>
      <p>Korvaus määräytyy palvelun mukaan Korvauskäytännöt-välilehden sääntöjen perusteella.</p>
      <p>
        Huomaa käyntikertojen enimmäismäärät: yleislääkärikäyntejä enintään {numeral(rules.generalPractitioner.maxVisitsPerYear)} vuodessa,
        erikoislääkärikäyntejä {numeral(rules.specialist.maxVisitsPerYear)} vuodessa ja psykoterapiaa enintään{' '}
        {count(rules.psychotherapy.maxSessions, 'kerta', 'kertaa')}.
      </p>
    </>
  );
}

interface Question {
  question: string;
  answer: ReactNode;
}

export function Faq({ fund }: { fund: SicknessFundInfo }) {
  const text = phrases(fund);
  const { rules } = fund;
  const questions: Question[] = [
    {
      question: 'Mistä alkaen nämä säännöt ovat voimassa?',
      answer: `Sairauskassan säännöt ovat voimassa ${text.effectiveFrom} alkaen.`,
    },
    {
      question: 'Paljonko maksan sairaanhoitajan vastaanotosta?',
      answer: `Sairaanhoitajan vastaanoton omavastuu on ${euros(rules.nurseVisit.feeEuros)}.`,
    },
    {
      question: 'Montako yleislääkärikäyntiä vuodessa sairauskassan säännöt kattavat?',
      answer: `Enintään ${count(rules.generalPractitioner.maxVisitsPerYear, 'käynti', 'käyntiä')} vuodessa, ${euros(rules.generalPractitioner.feeEuros)} / käynti.`,
    },
    {
      question: 'Paljonko erikoislääkärikäynnistä korvataan?',
      answer: `Korvaus on ${percent(rules.specialist.percent)}, kuitenkin enintään ${euros(rules.specialist.maxEurosPerVisit)} / käynti, ja korvattavia käyntejä on ${numeral(rules.specialist.maxVisitsPerYear)} vuodessa.`,
    },
    {
      question: 'Milloin sairaanhoitajan puhelinpalvelu ja chat palvelevat?',
      answer: `Puhelinpalvelu palvelee ${text.nursePhone}. Chat palvelee ${text.chat}.`,
    },
    {
      question: 'Kuinka nopeasti viestiini vastataan?',
      answer: `Kiireettömiin viesteihin vastataan ${text.messageReply}.`,
    },
  ];
  return (
    <>
      <h2>Usein kysyttyä</h2>
      {questions.map(({ question, answer }) => (
        <section key={question} className={styles.question}>
          <h3>{question}</h3>
          <p>{answer}</p>
        </section>
      ))}
    </>
  );
}
