import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ClientReport } from '../../../../shared/schemas/ad-serving';
import type { ScreenProps } from '../../app/screen';
import { errorMessage } from '../../common/errors';
import { FailureAlert } from '../../common/FailureAlert';
import { DayFilterInput } from '../../common/FilterPanel';
import { ContentLoader } from '../../common/LoadingScreen';
import { dayText } from '../../common/local-day';
import { PageHeader } from '../../common/PageHeader';
import { SmallButton } from '../../common/SmallButton';
import { useClientReport } from '../api';
import classes from './ClientReport.module.css';
import { ReportTable } from './ReportTable';
import { downloadReportCsv } from './report-csv';
import { type ReportRange, readRange } from './report-range';

/** The two days of the report; each bounds the other, so the range never runs backwards. */
function RangeFields({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (key: keyof ReportRange, day: string) => void;
}) {
  const pick = (key: keyof ReportRange) => (day: string | null) => day && onChange(key, day);
  return (
    <Group gap="md" align="flex-end" className={classes.noPrint}>
      <DayFilterInput label="From" value={range.from} maxDate={range.to} clearable={false} onChange={pick('from')} />
      <DayFilterInput label="To" value={range.to} minDate={range.from} clearable={false} onChange={pick('to')} />
      <Text size="xs" c="dimmed" pb={8}>
        UTC days, both included
      </Text>
    </Group>
  );
}

/** Who the report is for and which days it covers, as it is also printed. */
function ReportHeading({ report }: { report: ClientReport }) {
  return (
    <div>
      <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {report.client.name}
      </Title>
      <Text size="sm" c="dimmed">
        Ads and what they delivered from {dayText(report.from)} to {dayText(report.to)} (UTC days)
      </Text>
    </div>
  );
}

/**
 * A client's ads and their views, clicks and click-through rate over a range of UTC days (default: the last 30,
 * ending today), with totals; exported as CSV in the browser, or printed as the report alone.
 */
export function ClientReportPage({ title, backTo }: ScreenProps) {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // The default range is fixed when the page opens: a report left open past midnight keeps its days.
  const [openedAt] = useState(() => new Date());
  const range = readRange(params, openedAt);
  const report = useClientReport(id, range.from, range.to);
  // While another range loads, the last report stays, dimmed; a failed read shows no stale rows.
  const shown = report.error ? undefined : report.data;
  const stale = shown !== undefined && (shown.from !== range.from || shown.to !== range.to);

  const setDay = (key: keyof ReportRange, day: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, day);
        return next;
      },
      { replace: true },
    );

  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={!shown || stale}
        onClick={() => shown && downloadReportCsv(shown)}
      >
        Export CSV
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
        Print
      </Button>
    </>
  );

  return (
    <div className={classes.report}>
      <PageHeader title={title} backTo={backTo} actions={actions} />
      <Stack gap="lg">
        <RangeFields range={range} onChange={setDay} />
        {report.error ? (
          <FailureAlert>
            <Group justify="space-between" gap="sm">
              <span>{errorMessage(report.error)}</span>
              <SmallButton icon={IconRefresh} onClick={() => void report.mutate()} loading={report.isValidating}>
                Try again
              </SmallButton>
            </Group>
          </FailureAlert>
        ) : shown ? (
          <Stack gap="md" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
            <ReportHeading report={shown} />
            <ReportTable report={shown} />
          </Stack>
        ) : (
          <ContentLoader />
        )}
      </Stack>
    </div>
  );
}
