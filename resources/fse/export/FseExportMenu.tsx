/**
 * 'Export FSE' on /records (spec part 2 §2, §6, §7): for sup-admin, admin, resp-cdc, gest-cdc and gest-cdcss, the surveys
 * of one period ('Entrée', 'Sortie', '6 mois') or of all, optionally those updated between two days, downloaded as a workbook
 * (download-export.ts). A failure says so in French (the spec's 'Unable to download media' is English: README "Décisions").
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Grid, Group, Modal, Radio, Stack } from "@mantine/core";
import { useCan } from "@refinedev/core";
import { IconAlertCircle, IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormDateRange } from "../../../src/components/FormDateRange";
import { RECORD_MSG } from "../../records/messages";
import { FSE_MSG, FSE_QUESTIONS, fsePeriodOptions, type FsePeriod } from "../schema";
import { downloadFseExport } from "./download-export";

const ALL = "ALL";
const periodChoices = [{ value: ALL, label: FSE_MSG.exportAllPeriods }, ...fsePeriodOptions];

const day = z.string().nullable().optional();
const exportSchema = z
  .object({ period: z.string(), startDate: day, endDate: day })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { path: ["endDate"], message: FSE_MSG.exportEndBeforeStart });
type ExportValues = z.input<typeof exportSchema>;

function ExportForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ExportValues>({ resolver: zodResolver(exportSchema), mode: "onChange", defaultValues: { period: ALL, startDate: null, endDate: null } });
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = form.handleSubmit(async ({ period, startDate, endDate }) => {
    setFailed(false);
    setDownloading(true);
    try {
      await downloadFseExport({ period: period === ALL ? null : (period as FsePeriod), startDate: startDate || null, endDate: endDate || null });
      onDone();
    } catch {
      // A lapsed session (401) has signed out already, as every other call does (apiFetch).
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="period"
          render={({ field }) => (
            <Radio.Group label={FSE_QUESTIONS.period} name={field.name} value={field.value} onChange={field.onChange}>
              <Stack gap="xs" mt={4}>
                {periodChoices.map((choice) => (
                  <Radio key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Grid gap="md">
          <FormDateRange
            control={form.control}
            trigger={form.trigger}
            start={{ name: "startDate", label: FSE_MSG.exportStartDate, clearable: true }}
            end={{ name: "endDate", label: FSE_MSG.exportEndDate, clearable: true }}
          />
        </Grid>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {FSE_MSG.exportError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconFileSpreadsheet size={16} />} loading={downloading}>
            {FSE_MSG.exportDownload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The button and its window; nothing for a role without the export (spec §6). */
export function FseExportMenu() {
  const allowed = useCan({ resource: "records", action: "exportFse" }).data?.can ?? false;
  const [opened, setOpened] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button variant="outline" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setOpened(true)}>
        {RECORD_MSG.fseExport}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={RECORD_MSG.fseExport} >
        {opened && <ExportForm onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
