import { useIntl } from 'react-intl';
import { useDates } from '../../components/dates';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { TimelineItem } from '../../components/Timeline';
import { useImagingPage } from './useImagingPage';

/** records.imaging: imaging results by date; a result without a name reads 'no title'. */
export function ImagingPage() {
  const intl = useIntl();
  const dates = useDates();
  const { page, retry } = useImagingPage();
  return (
    <ListPage titleId="records.imaging.title" emptyId="records.imaging.empty" page={page} retry={retry} isEmpty={(data) => data.results.length === 0}>
      {(data) => (
        <PagedTimeline
          label={intl.formatMessage({ id: 'records.imaging.title' })}
          items={data.results}
          renderItem={(result) => (
            <TimelineItem
              key={result.id}
              title={result.examinationName ?? intl.formatMessage({ id: 'records.imaging.noTitle' })}
              date={dates.date(result.imagingDate)}
              dateTime={result.imagingDate}
            />
          )}
        />
      )}
    </ListPage>
  );
}
