import { Paper, Stack, Table, Text } from '@mantine/core';
import { type ClientReport, type ClientReportRow, clickThroughRate } from '../../../../shared/schemas/ad-serving';
import { POSITION_LABELS } from '../../advertisements/positions';
import { DatesCell } from '../../common/DatesCell';
import classes from './ClientReport.module.css';

const count = new Intl.NumberFormat('en-GB');
const rate = (views: number, clicks: number) => `${clickThroughRate(views, clicks).toFixed(2)}%`;

const NUMBER_HEADERS = ['Cap', 'Views', 'Clicks', 'CTR %'];

function Runs({ ad }: { ad: ClientReportRow }) {
  return (
    <DatesCell
      lines={[
        { label: 'From', iso: ad.startDate },
        { label: 'To', iso: ad.endDate },
      ]}
    />
  );
}

/** The report as a table, with the totals as its last row: on wide screens and on paper. */
function Wide({ report }: { report: ClientReport }) {
  const { views, clicks } = report.totals;
  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer type="native" minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Ads in the report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Runs</Table.Th>
              {NUMBER_HEADERS.map((header) => (
                <Table.Th key={header} className={classes.number}>
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.ads.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7} py="xl" ta="center" c="dimmed">
                  None of this client’s ads ran in these days.
                </Table.Td>
              </Table.Tr>
            )}
            {report.ads.map((ad) => (
              <Table.Tr key={ad._id}>
                <Table.Th scope="row" fw={500} className={classes.title}>
                  {ad.title}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{POSITION_LABELS[ad.position]}</Table.Td>
                <Table.Td>
                  <Runs ad={ad} />
                </Table.Td>
                <Table.Td className={classes.number}>{count.format(ad.maxImpressionAllowed)}</Table.Td>
                <Table.Td className={classes.number}>{count.format(ad.views)}</Table.Td>
                <Table.Td className={classes.number}>{count.format(ad.clicks)}</Table.Td>
                <Table.Td className={classes.number}>{rate(ad.views, ad.clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700} className={classes.totals}>
              <Table.Th scope="row" colSpan={4}>
                Total
              </Table.Th>
              <Table.Td className={classes.number}>{count.format(views)}</Table.Td>
              <Table.Td className={classes.number}>{count.format(clicks)}</Table.Td>
              <Table.Td className={classes.number}>{rate(views, clicks)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** One ad as a card on a phone. */
function AdCard({ ad }: { ad: ClientReportRow }) {
  return (
    <Paper withBorder radius="md" p="md" role="listitem">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {ad.title}
      </Text>
      <Text size="sm" c="dimmed" component="div" mt={4}>
        <div>{POSITION_LABELS[ad.position]}</div>
        <Runs ad={ad} />
        <div>
          {count.format(ad.views)} views · {count.format(ad.clicks)} clicks · CTR {rate(ad.views, ad.clicks)}
        </div>
        <div>Cap {count.format(ad.maxImpressionAllowed)}</div>
      </Text>
    </Paper>
  );
}

/** The report's rows: a table, or on a phone a card an ad and one for the totals. */
export function ReportTable({ report }: { report: ClientReport }) {
  const { views, clicks } = report.totals;
  return (
    <>
      <div className={classes.table}>
        <Wide report={report} />
      </div>
      <div className={classes.cards}>
        <Stack gap="sm">
          <Stack gap="sm" role="list" aria-label="Ads in the report">
            {report.ads.map((ad) => (
              <AdCard key={ad._id} ad={ad} />
            ))}
          </Stack>
          {report.ads.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              None of this client’s ads ran in these days.
            </Text>
          )}
          <Paper withBorder radius="md" p="md" bg="var(--app-surface-subtle)">
            <Text size="sm" fw={700}>
              Total
            </Text>
            <Text size="sm">
              {count.format(views)} views · {count.format(clicks)} clicks · CTR {rate(views, clicks)}
            </Text>
          </Paper>
        </Stack>
      </div>
    </>
  );
}
