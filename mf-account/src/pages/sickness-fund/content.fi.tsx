import type { ReactNode } from 'react';
import type { SicknessFundInfo } from '@portal/shared-api';
import { formatMoney } from '@portal/shared-i18n';
import styles from './SicknessFundPage.module.css';

/*
 * The sickness fund's static Finnish content (spec part 2 §2.4: "Static Finnish content", shown in
 * Finnish on every language's page). It is content, not interface text, so it lives here rather than in
 * the three catalogues; the numbers and contact details it quotes come from the page state (server
 * configuration). The spec gives neither the text nor the rules' values: this is the demo's text.
 */

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const euros = (amount: number) => formatMoney(amount, 'fi');

function ServiceHours({ fund }: { fund: SicknessFundInfo }) {
  return (
    <ul className={styles.plainList}>
      {fund.serviceHours.map((row) => (
        <li key={row.days}>
          {row.days} klo {row.opens}–{row.closes}
        </li>
      ))}
    </ul>
  );
}

function Contact({ fund }: { fund: SicknessFundInfo }) {
  return (
    <>
      <h3>Asiakaspalvelu</h3>
      <p>
        Puhelin <a href={tel(fund.phone)}>{fund.phone}</a>, sähköposti <a href={`mailto:${fund.email}`}>{fund.email}</a>.
      </p>
      <p>Puhelinpalvelu on avoinna:</p>
      <ServiceHours fund={fund} />
      <p>Puhelun hinta 010-numeroihin on normaali paikallis- tai matkapuhelinmaksu.</p>
    </>
  );
}

export function Overview({ fund }: { fund: SicknessFundInfo }) {
  return (
    <>
      <h2>Yleistä sairauskassasta</h2>
      <p>
        {fund.name} on työnantajasi henkilöstön oma sairauskassa. Se korvaa jäsenilleen sairaanhoidon kuluja, jotka jäävät maksettaviksi
        Kelan korvauksen jälkeen.
      </p>
      <p>
        Jäsenyys alkaa, kun työsuhteesi alkaa, ja päättyy, kun työsuhteesi päättyy. Sairauskassan jäseniä ovat vain työntekijät itse, eivät
        heidän perheenjäsenensä.
      </p>
      <p>
        Työterveyshuollon kautta saatu hoito on maksutonta, eikä sitä haeta sairauskassasta. Sairauskassa korvaa muun kuin työterveyshuollon
        sairaanhoidon, esimerkiksi yksityislääkärikäynnit, tutkimukset ja reseptilääkkeet.
      </p>
      <Contact fund={fund} />
    </>
  );
}

export function ReimbursementPractices({ fund }: { fund: SicknessFundInfo }) {
  return (
    <>
      <h2>Korvauskäytännöt</h2>
      <ul className={styles.rules}>
        <li>Sairauskassa korvaa {fund.reimbursementPercent} % kuluista, jotka jäävät Kelan korvauksen jälkeen maksettaviksesi.</li>
        <li>Jokaisesta korvaushakemuksesta vähennetään omavastuu, {euros(fund.deductibleEuros)}.</li>
        <li>Korvausta maksetaan enintään {euros(fund.yearlyMaximumEuros)} kalenterivuodessa jäsentä kohden.</li>
        <li>
          Korvausta on haettava {fund.claimDeadlineMonths} kuukauden kuluessa hoitopäivästä. Myöhemmin haettuja kuluja ei korvata.
        </li>
        <li>Korvaus maksetaan tilillesi {fund.paymentWeeks} viikon kuluessa siitä, kun täydellinen hakemus on saapunut.</li>
      </ul>
      <h3>Mitä ei korvata</h3>
      <ul className={styles.rules}>
        <li>Työterveyshuollon kautta saatua hoitoa, koska työnantajasi maksaa sen.</li>
        <li>Kauneudenhoitoon liittyviä toimenpiteitä ja hyvinvointipalveluja.</li>
        <li>Hoitoa, josta on saatu korvaus muualta, esimerkiksi vakuutusyhtiöltä.</li>
      </ul>
    </>
  );
}

export function Instructions({ fund }: { fund: SicknessFundInfo }) {
  return (
    <>
      <h2>Näin haet korvausta</h2>
      <ol className={styles.steps}>
        <li>Maksa hoito ja pyydä kuitti, josta näkyvät hoitopäivä, hoitanut ammattilainen ja hoidon sisältö.</li>
        <li>Hae ensin Kelan korvaus, jos hoito on Kela-korvattavaa. Usein Kela-korvaus vähennetään jo maksaessa, jolloin se näkyy kuitissa.</li>
        <li>Täytä sairauskassan korvaushakemus ja liitä siihen kuitit sekä tarvittaessa Kelan päätös.</li>
        <li>
          Lähetä hakemus sähköpostilla osoitteeseen <a href={`mailto:${fund.email}`}>{fund.email}</a> {fund.claimDeadlineMonths} kuukauden kuluessa
          hoitopäivästä.
        </li>
      </ol>
      <p>Säilytä alkuperäiset kuitit, kunnes korvaus on maksettu. Sairauskassa voi pyytää niitä nähtäväksi.</p>
    </>
  );
}

interface Question {
  question: string;
  answer: ReactNode;
}

export function Faq({ fund }: { fund: SicknessFundInfo }) {
  const questions: Question[] = [
    {
      question: 'Korvataanko reseptilääkkeet?',
      answer: `Kyllä. Reseptilääkkeistä korvataan ${fund.reimbursementPercent} % siitä osuudesta, joka jää maksettavaksesi Kelan korvauksen jälkeen. Liitä hakemukseen apteekin kuitti.`,
    },
    {
      question: 'Kuuluvatko perheenjäseneni sairauskassaan?',
      answer: 'Eivät. Sairauskassan jäseniä ovat vain työnantajan palveluksessa olevat työntekijät.',
    },
    {
      question: 'Mistä näen, paljonko korvausta olen saanut tänä vuonna?',
      answer: (
        <>
          Kysy sairauskassan asiakaspalvelusta, puhelin <a href={tel(fund.phone)}>{fund.phone}</a>. Vuotuinen enimmäiskorvaus on{' '}
          {euros(fund.yearlyMaximumEuros)}.
        </>
      ),
    },
    {
      question: 'Milloin korvaus maksetaan?',
      answer: `Korvaus maksetaan tilillesi ${fund.paymentWeeks} viikon kuluessa siitä, kun täydellinen hakemus liitteineen on saapunut sairauskassaan.`,
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
