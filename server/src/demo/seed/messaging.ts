import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { addDays, helsinkiInstant } from '@portal/shared-i18n';
import { allPractitioners } from '../../modules/clinics/index';
import { closeThread, createThread, insertMessage, markRead } from '../../modules/messaging/index';
import { messagingAbsences, messagingAbsenceSubstitutes, messagingAssignments, messagingMessages, messagingUsers } from '../../modules/messaging/schema';
import { peopleByIdentityCodes } from '../../modules/patients/index';
import { openQuestionnaireInvitationId } from '../../modules/records/index';
import type { DemoWorld } from './personas';

/**
 * The messaging part of the demo world, relative to `today` (Europe/Helsinki):
 * - professionals linked to the clinics' practitioners; Dr. Lahtinen is absent now and Dr. Turunen
 *   substitutes; the healthcare team "Terveystiimi" is the new conversation's recipient;
 * - Mikko Virtanen: 12 threads (two pages of ten) — read and unread ones, a closed one, one with a
 *   deleted message, one with a reply after his last read, one assigned to the absent doctor and
 *   one with a questionnaire invitation (his open wellbeing questionnaire);
 * - Aino Korhonen 2 threads, Leena Nieminen 1 of her own, her child Ella 1, Jukka Mäkinen a
 *   messaging user without threads (the empty state), Pekka Laine no messaging user.
 * Attachments are not seeded: their bytes belong to the attachments module's storage.
 */
export async function seedMessaging(db: Database, world: DemoWorld): Promise<void> {
  const { today } = world;
  const at = (daysAgo: number, hour: number, minute = 0) => helsinkiInstant(addDays(today, -daysAgo), hour, minute);

  const persons = await peopleByIdentityCodes(db, ['150385-9013', '021178-912P', '240690-935P', '121264-9685', '070916A946D']);
  const person = (identityCode: string) => {
    const found = persons.find((p) => p.identityCode === identityCode);
    if (!found) throw new Error(`messaging seed: persona ${identityCode} is missing`);
    return found;
  };
  const customer = async (identityCode: string) => {
    const p = person(identityCode);
    const [row] = await db
      .insert(messagingUsers)
      .values({ userType: 'CustomerUser', personId: p.id, firstName: p.givenName, lastName: p.familyName, email: p.email })
      .returning({ id: messagingUsers.id });
    return row!.id;
  };

  const practitionerRows = await allPractitioners(db);
  const professional = async (lastName: string, role: 'Doctor' | 'Nurse' | null) => {
    const p = practitionerRows.find((row) => row.lastName === lastName);
    if (!p) throw new Error(`messaging seed: practitioner ${lastName} is missing`);
    const [row] = await db
      .insert(messagingUsers)
      .values({
        userType: 'ProfessionalUser',
        practitionerId: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        title: p.title,
        email: `${p.firstName}.${p.lastName}@klinikka.example`.toLowerCase().replace(/[äå]/g, 'a').replace(/ö/g, 'o'),
        role,
      })
      .returning({ id: messagingUsers.id });
    return row!.id;
  };

  const [team] = await db
    .insert(messagingUsers)
    .values({ userType: 'ProfessionalUser', firstName: 'Terveystiimi', lastName: '', title: null, isTeamRecipient: true })
    .returning({ id: messagingUsers.id });
  const terveystiimi = team!.id;
  const lahtinen = await professional('Lahtinen', 'Doctor');
  const turunen = await professional('Turunen', 'Doctor');
  const rantanen = await professional('Rantanen', 'Doctor');
  const salo = await professional('Salo', 'Nurse');
  const laaksonen = await professional('Laaksonen', null);
  const koskinen = await professional('Koskinen', 'Doctor');
  const mattila = await professional('Mattila', 'Nurse');
  const aaltonen = await professional('Aaltonen', 'Doctor');
  const lehtonen = await professional('Lehtonen', 'Doctor');

  // Dr. Lahtinen is on leave now; Dr. Turunen answers for her.
  const [absence] = await db
    .insert(messagingAbsences)
    .values({
      absenteeUserId: lahtinen,
      startsAt: helsinkiInstant(addDays(today, -2), 8),
      endsAt: helsinkiInstant(addDays(today, 5), 16),
      internalMessage: 'Vuosilomalla, kiireelliset asiat Turuselle.',
    })
    .returning({ id: messagingAbsences.id });
  await db.insert(messagingAbsenceSubstitutes).values({ absenceId: absence!.id, substituteUserId: turunen });

  type Line = { by: 'customer' | number; at: Date; text: string; invitationIds?: number[]; deleted?: { by: number; reason: string } };
  interface ThreadSeed {
    title: string;
    lines: Line[];
    /** when the customer last read it; default: at their last line or later reply (read) */
    customerReadAt?: Date | null;
    closed?: boolean;
    assignee?: { userId: number; at: Date };
  }

  const seedThreads = async (customerUserId: number, threads: ThreadSeed[]) => {
    for (const thread of threads) {
      const first = thread.lines[0]!;
      const professionals = [...new Set(thread.lines.map((line) => line.by).filter((by): by is number => by !== 'customer'))];
      const threadId = await createThread(db, {
        title: thread.title,
        threadType: 'customer',
        customerUserId,
        participantUserIds: [terveystiimi, ...professionals],
        createdAt: first.at,
      });
      for (const line of thread.lines) {
        const author = line.by === 'customer' ? customerUserId : line.by;
        const message = await insertMessage(db, {
          threadId,
          authorUserId: author,
          content: line.text,
          createdAt: line.at,
          ...(line.invitationIds ? { invitationIds: line.invitationIds } : {}),
        });
        if (line.deleted) {
          await db
            .update(messagingMessages)
            .set({ deletedAt: new Date(line.at.getTime() + 20 * 60_000), deletedByUserId: line.deleted.by, deletedReason: line.deleted.reason })
            .where(eq(messagingMessages.id, message.id));
        }
        if (line.by !== 'customer') await markRead(db, { threadId, userId: line.by, at: line.at });
      }
      const last = thread.lines[thread.lines.length - 1]!;
      const readAt = thread.customerReadAt === undefined ? new Date(last.at.getTime() + 2 * 3_600_000) : thread.customerReadAt;
      if (readAt) await markRead(db, { threadId, userId: customerUserId, at: readAt });
      if (thread.assignee) {
        await db.insert(messagingAssignments).values({ threadId, assigneeUserId: thread.assignee.userId, assignedAt: thread.assignee.at });
      }
      if (thread.closed) await closeThread(db, { threadId });
    }
  };

  // Mikko: his open wellbeing questionnaire travels with a psychologist's message.
  const mikko = person('150385-9013');
  const wellbeing = await openQuestionnaireInvitationId(db, mikko.id, 'wellbeing-v1');
  const mikkoUser = await customer('150385-9013');
  await seedThreads(mikkoUser, [
    {
      title: 'Flunssaoireet',
      lines: [
        { by: 'customer', at: at(40, 8, 10), text: 'Hei, minulla on ollut kuumetta ja yskää kolme päivää. Tarvitseeko tulla vastaanotolle?' },
        { by: lahtinen, at: at(40, 13, 30), text: 'Hei Mikko, lepää ja juo riittävästi. Jos kuume jatkuu yli viisi päivää tai hengitys vaikeutuu, varaa aika.' },
      ],
      assignee: { userId: lahtinen, at: at(40, 9) },
    },
    {
      title: 'Reseptin uusinta: Thyroxin',
      lines: [
        { by: 'customer', at: at(30, 19, 5), text: 'Voisitteko uusia Thyroxin-reseptini? Lääke loppuu kahden viikon päästä.' },
        { by: salo, at: at(29, 10, 45), text: 'Resepti on uusittu ja näkyy Omakannassa. Keskustelu suljetaan.' },
      ],
      closed: true,
    },
    {
      title: 'Kysymys laboratoriotuloksista',
      lines: [
        { by: 'customer', at: at(23, 17, 0), text: 'LDL-kolesteroli oli koholla. Pitäisikö minun huolestua?' },
        { by: rantanen, at: at(22, 9, 20), text: 'Arvo on lievästi koholla. Suosittelen ruokavalio-ohjausta ja kontrollia puolen vuoden päästä.' },
        { by: 'customer', at: at(22, 12, 0), text: 'Kiitos, varaan ajan ravitsemusterapeutille.' },
      ],
    },
    {
      title: 'Selkäkipu',
      lines: [
        { by: 'customer', at: at(20, 7, 40), text: 'Alaselkä on taas kipeytynyt. Voinko jatkaa fysioterapeutin kotiharjoitteita?' },
        { by: lahtinen, at: at(19, 14, 0), text: 'Kyllä, jatka harjoitteita kivun sallimissa rajoissa. Tarvittaessa tilapäinen kipulääke.' },
      ],
    },
    {
      title: 'Todistus kuntosalille',
      lines: [
        { by: 'customer', at: at(18, 10, 0), text: 'Tarvitsisin todistuksen siitä, että voin aloittaa kuntosaliharjoittelun.' },
        {
          by: salo,
          at: at(17, 9, 0),
          text: 'Liitteenä toisen potilaan tiedot.',
          deleted: { by: salo, reason: 'Lähetetty väärään keskusteluun' },
        },
        { by: salo, at: at(17, 9, 30), text: 'Todistus on tehty ja löytyy Todistukset-sivulta.' },
      ],
    },
    {
      title: 'Unettomuus',
      lines: [
        { by: 'customer', at: at(15, 22, 30), text: 'Olen nukkunut huonosti jo pari viikkoa. Mitä voisin kokeilla?' },
        { by: laaksonen, at: at(14, 11, 15), text: 'Kokeile säännöllistä unirytmiä ja rauhoittumista ennen nukkumaanmenoa. Voimme käydä asiaa läpi seuraavalla käynnillä.' },
      ],
    },
    {
      title: 'Rokotusaika',
      lines: [
        { by: 'customer', at: at(12, 8, 0), text: 'Milloin voin ottaa influenssarokotteen?' },
        { by: salo, at: at(11, 13, 10), text: 'Rokotuksia annetaan Kampin toimipisteessä arkisin. Ajan voi varata verkosta.' },
      ],
    },
    {
      title: 'Ajanvaraus kontrolliin',
      lines: [
        { by: 'customer', at: at(8, 16, 45), text: 'Pitäisikö minun varata kontrolliaika kilpirauhasarvoja varten?' },
        { by: terveystiimi, at: at(7, 9, 5), text: 'Kyllä, varaa laboratorioaika noin kolmen kuukauden päähän. Lähete on voimassa.' },
      ],
    },
    {
      title: 'Allergiaoireet',
      lines: [
        { by: 'customer', at: at(9, 18, 20), text: 'Silmät kutisevat ja nenä vuotaa. Voinko käyttää reseptivapaata antihistamiinia?' },
        { by: turunen, at: at(1, 10, 30), text: 'Voit käyttää. Jos oireet eivät helpota viikossa, varaa aika.' },
      ],
      customerReadAt: at(9, 18, 20),
    },
    {
      title: 'Kilpirauhasarvot',
      lines: [
        { by: 'customer', at: at(6, 12, 0), text: 'Uudet TSH-arvot tulivat. Pitääkö annosta muuttaa?' },
        { by: rantanen, at: at(4, 15, 40), text: 'TSH on viitealueella, annos pysyy ennallaan.' },
      ],
      // Read the day before the reply came: the reply makes the thread unread.
      customerReadAt: at(5, 8, 0),
    },
    {
      title: 'Hyvinvointikysely',
      lines: [
        {
          by: laaksonen,
          at: at(2, 12, 5),
          text: 'Hei, täytäthän hyvinvointikyselyn ennen seuraavaa käyntiä.',
          ...(wellbeing !== null ? { invitationIds: [wellbeing] } : {}),
        },
      ],
      customerReadAt: null,
    },
    {
      title: 'Kurkkukipu',
      lines: [{ by: 'customer', at: at(3, 7, 55), text: 'Kurkku on ollut kipeä viikon. Tarvitsenko antibiootin?' }],
      // Assigned to Dr. Lahtinen, who is absent now: the thread shows her substitute.
      assignee: { userId: lahtinen, at: at(3, 8, 30) },
      customerReadAt: at(3, 7, 55),
    },
  ]);

  const ainoUser = await customer('021178-912P');
  await seedThreads(ainoUser, [
    {
      title: 'Työkykyarvio',
      lines: [
        { by: 'customer', at: at(12, 9, 0), text: 'Esimieheni pyysi työkykyarviota. Miten toimin?' },
        { by: koskinen, at: at(11, 14, 30), text: 'Varaa työterveyslääkärin vastaanotto, otetaan arvio silloin.' },
      ],
    },
    {
      title: 'Rokotustodistus',
      lines: [
        { by: 'customer', at: at(5, 10, 0), text: 'Tarvitsen todistuksen influenssarokotuksesta työnantajalle.' },
        { by: mattila, at: at(2, 11, 0), text: 'Rokotustiedot löytyvät Rokotukset-sivulta, josta voit tulostaa ne.' },
      ],
      customerReadAt: at(5, 10, 0),
    },
  ]);

  const leenaUser = await customer('121264-9685');
  await seedThreads(leenaUser, [
    {
      title: 'Gynekologinen kontrolli',
      lines: [
        { by: 'customer', at: at(30, 8, 30), text: 'Milloin seuraava kontrollikäynti kannattaa varata?' },
        { by: aaltonen, at: at(29, 12, 0), text: 'Vuoden kuluttua, ellei oireita ilmene.' },
      ],
    },
  ]);

  // Ella's thread is written by her guardian (Leena) acting for her.
  const ellaUser = await customer('070916A946D');
  await seedThreads(ellaUser, [
    {
      title: 'Korvatulehduksen jälkitarkastus',
      lines: [
        { by: 'customer', at: at(7, 19, 0), text: 'Ellan korvakipu on helpottanut. Tarvitaanko vielä jälkitarkastus?' },
        { by: lehtonen, at: at(6, 9, 45), text: 'Jälkitarkastus kahden viikon kuluttua on hyvä, jotta tärykalvo tarkistetaan.' },
      ],
      customerReadAt: at(7, 19, 0),
    },
  ]);

  // Jukka may use messaging but has written nothing yet: the list's empty state.
  await customer('240690-935P');
}
