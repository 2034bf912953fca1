import type { ReactNode } from 'react';
import type { SmsLoginFaq } from '@portal/shared-api';
import { ShellLink } from '@portal/shared-ui';
import styles from './HelpPage.module.css';

/*
 * The help page's Finnish content (spec part 2 §2.2 "Help page: fi only"): shown in Finnish on every
 * language's page. It is content rather than interface text, so it lives here rather than in the three
 * catalogues; what the server decides (brand, features, phone, the SMS code's settings) comes from the
 * page state. The spec does not give the text: this is the demo's text.
 */

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

interface Question {
  question: string;
  answer: ReactNode;
}

function Questions({ questions }: { questions: readonly Question[] }) {
  return (
    <>
      {questions.map(({ question, answer }) => (
        <section key={question} className={styles.question}>
          <h3>{question}</h3>
          <p>{answer}</p>
        </section>
      ))}
    </>
  );
}

/** General instructions for patients (adult brand only). `cancellationHours` is the brand's configuration. */
export function GeneralInstructions({ cancellationHours }: { cancellationHours: number }) {
  return (
    <section aria-labelledby="help-general" className={styles.block}>
      <h2 id="help-general">Yleiset ohjeet potilaalle</h2>
      <Questions
        questions={[
          {
            question: 'Ajanvaraus ja peruminen',
            answer: `Voit varata ajan verkossa tai soittamalla asiakaspalveluun. Voit perua ajan verkossa, kun vastaanottoon on vähintään ${cancellationHours} tuntia. Tätä myöhemmin peruttu tai käyttämättä jätetty aika voidaan laskuttaa.`,
          },
          {
            question: 'Ilmoittautuminen vastaanotolle',
            answer:
              'Voit ilmoittautua verkossa aikaisintaan 30 minuuttia ennen vastaanottoaikaa tai saapuessasi vastaanoton aulaan. Varaa mukaan henkilöllisyystodistus ja tarvittaessa Kela-kortti.',
          },
          {
            question: 'Tulokset, reseptit ja todistukset',
            answer:
              'Näet laboratorio- ja kuvantamistuloksesi, reseptisi ja todistuksesi kirjauduttuasi palveluun. Jos sinulla on kysyttävää tuloksista, voit lähettää viestin hoitotiimillesi.',
          },
          {
            question: 'Kiireellinen hoito',
            answer: 'Verkkopalvelu ja viestit eivät sovellu kiireellisiin asioihin. Hätätilanteessa soita hätänumeroon 112.',
          },
        ]}
      />
    </section>
  );
}

/** The SMS login FAQ (only with the mfa feature); its numbers are the server's settings. */
export function SmsLoginQuestions({ faq }: { faq: SmsLoginFaq }) {
  const myInformation = <ShellLink routeId="account.my-information">Omat tiedot</ShellLink>;
  return (
    <section aria-labelledby="help-sms" className={styles.block}>
      <h2 id="help-sms">Usein kysyttyä tekstiviestikirjautumisesta</h2>
      <Questions
        questions={[
          {
            question: 'Mikä on tekstiviestikirjautuminen?',
            answer:
              'Kun istuntosi on vanhentunut, voit jatkaa palvelun käyttöä puhelimeesi lähetetyllä tekstiviestikoodilla. Sinun ei tarvitse tunnistautua uudelleen pankkitunnuksilla tai mobiilivarmenteella.',
          },
          {
            question: 'Miten otan tekstiviestikirjautumisen käyttöön?',
            answer: (
              <>
                Ota tekstiviestikirjautuminen käyttöön {myInformation} -sivulla. Saat puhelimeesi vahvistuskoodin, jonka syötät palveluun.
              </>
            ),
          },
          {
            question: 'Mihin numeroon koodi lähetetään?',
            answer: 'Koodi lähetetään Omiin tietoihin tallennettuun puhelinnumeroosi. Jos numerosi on vaihtunut, päivitä se ennen käyttöönottoa.',
          },
          {
            question: 'Kuinka kauan koodi on voimassa?',
            answer: `Koodi on voimassa ${faq.codeValidMinutes} minuuttia, ja sen voi käyttää vain kerran.`,
          },
          {
            question: 'Mitä tapahtuu, jos syötän väärän koodin?',
            answer: `Jos syötät väärän koodin ${faq.maxAttempts} kertaa, sinut kirjataan ulos. Kirjaudu silloin uudelleen pankkitunnuksilla tai mobiilivarmenteella.`,
          },
          {
            question: 'Miten poistan tekstiviestikirjautumisen käytöstä?',
            answer: <>Voit poistaa tekstiviestikirjautumisen käytöstä {myInformation} -sivulla milloin tahansa.</>,
          },
        ]}
      />
    </section>
  );
}

/** The customer service phone as a tel: link (brand configuration, from the page state). */
export function CustomerService({ phone }: { phone: string }) {
  return (
    <section aria-labelledby="help-contact" className={styles.block}>
      <h2 id="help-contact">Asiakaspalvelu</h2>
      <p>
        Jos tarvitset apua, soita asiakaspalveluumme: <a href={telHref(phone)}>{phone}</a>.
      </p>
      <p>Puhelun hinta 010-numeroihin on normaali paikallis- tai matkapuhelinmaksu.</p>
    </section>
  );
}
