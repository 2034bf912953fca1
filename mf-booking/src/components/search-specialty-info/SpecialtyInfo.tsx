import { useEffect, useState } from 'react';
import { SPECIALTY_INFO_PATH, specialtyInfoResponseSchema } from '@portal/shared-api';
import { Alert, useShell } from '@portal/shared-ui';

/**
 * The chosen specialty's reservation info (spec part 2 §3 "Specialty": cmsContent.appointmentReservationInfo;
 * §7 GET /api/appointments/specialty), shown above the results when exactly one specialty is chosen.
 * The server renders the markdown to sanitised HTML. Without info, or when the call fails (reported),
 * nothing is shown: the search works without it.
 */
export function SpecialtyInfo({ specialtyId }: { specialtyId: string }) {
  const { api, lang, errors } = useShell();
  const [info, setInfo] = useState<{ id: string; title: string; html: string | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get(SPECIALTY_INFO_PATH, specialtyInfoResponseSchema, { searchParams: { id: specialtyId, lang }, signal: controller.signal })
      .then(({ specialty }) => {
        if (!controller.signal.aborted) setInfo({ id: specialtyId, title: specialty.title, html: specialty.reservationInfoHtml });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) errors.report(error, 'booking-specialty-info');
      });
    return () => controller.abort();
  }, [api, errors, lang, specialtyId]);
  if (!info || info.id !== specialtyId || !info.html) return null;
  return (
    <Alert variant="info" announce={false} title={info.title} className="portal-mb-m">
      {/* sanitised on the server (booking/markdown.ts) */}
      <div className="portal-flush" dangerouslySetInnerHTML={{ __html: info.html }} />
    </Alert>
  );
}
