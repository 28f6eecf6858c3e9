/**
 * Wizard step 1 'Import Agora': looks a training up in the external system by number and action number
 * (GET /api/trainings/agora/{number}-{actionNumber}) and shows the spec's four states. An imported organisation missing from
 * the product can be created on the spot ('Créer l'organisme'), after which the search runs again.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Badge, Button, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCan, useCreate, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconAlertTriangle, IconBuildingPlus, IconCircleCheck, IconSearch } from "@tabler/icons-react";
import { useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { apiRequest } from "../../providers/data-provider";
import { FormTextInput } from "../../src/components/form-inputs";
import { formatAddress } from "../common/address";
import { INFORMATION_LABELS } from "./InformationFields";
import { TRAINING_MSG, trainingImportSearchSchema, type ImportedOrganization, type TrainingImportResult, type TrainingImportSearch } from "./schema";

export const IMPORT_TEXTS = {
  intro: "Recherchez la formation dans Agora à partir de son numéro et de son numéro d'action.",
  search: "Rechercher",
  searching: "Recherche en cours...",
  found: "Formation trouvée dans Agora",
  existing: "Présent dans l'application",
  missing: "Absent de l'application",
  createOrganization: "Créer l'organisme",
  organizationCreated: "Organisme créé",
  open: "Voir la formation",
} as const;

export type ImportState =
  | { status: "idle" | "searching" | "notFound" | "error"; query: TrainingImportSearch }
  | { status: "found"; query: TrainingImportSearch; result: TrainingImportResult };

export const initialImportState = (): ImportState => ({ status: "idle", query: { number: "", actionNumber: "" } });

export const importAllowsNext = (state: ImportState) => state.status === "found" && !state.result.id;

const lookupPath = ({ number, actionNumber }: { number: string; actionNumber: string }) =>
  `/trainings/agora/${encodeURIComponent(number.trim())}-${encodeURIComponent(actionNumber.trim())}`;

function ImportedOrganizationCard({ title, organization, onCreate, creating, canCreate }: {
  title: string;
  organization: ImportedOrganization;
  onCreate: () => void;
  creating: boolean;
  canCreate: boolean;
}) {
  const exists = Boolean(organization.id);
  return (
    <Paper withBorder radius="md" p="md" aria-label={title} component="section">
      <Stack spacing={6}>
        <Group position="apart" spacing="xs">
          <Text size="xs" color="dimmed" weight={600} transform="uppercase">
            {title}
          </Text>
          <Badge color={exists ? "mint" : "peach"} variant="light">
            {exists ? IMPORT_TEXTS.existing : IMPORT_TEXTS.missing}
          </Badge>
        </Group>
        <Text weight={600}>{organization.name}</Text>
        <Text size="sm" color="dimmed">
          SIRET {organization.siret}
        </Text>
        {formatAddress(organization.address) && <Text size="sm">{formatAddress(organization.address)}</Text>}
        {!exists && canCreate && (
          <Group>
            <Button size="xs" variant="light" leftIcon={<IconBuildingPlus size={16} />} loading={creating} onClick={onCreate}>
              {IMPORT_TEXTS.createOrganization}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ImportStep({ state, onChange }: { state: ImportState; onChange: (state: ImportState) => void }) {
  const search = useForm<TrainingImportSearch, unknown, TrainingImportSearch>({
    resolver: zodResolver(trainingImportSearchSchema),
    mode: "onChange",
    defaultValues: state.query,
  });
  const canCreateOrganization = useCan({ resource: "organizations", action: "create" }).data?.can ?? false;
  const { mutate: createOrganization } = useCreate<{ id: string }, HttpError, object>();
  const [creating, setCreating] = useState<"educationalOrganization" | "contractingOrganization" | null>(null);
  const [organizationError, setOrganizationError] = useState(false);

  const run = async (query: TrainingImportSearch) => {
    onChange({ status: "searching", query });
    try {
      const answer = await apiRequest<{ data: TrainingImportResult }>(lookupPath(query));
      onChange({ status: "found", query, result: answer.data });
    } catch (error) {
      onChange({ status: (error as HttpError).statusCode === 404 ? "notFound" : "error", query });
    }
  };

  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void search.handleSubmit(run)();
  };

  const create = (key: "educationalOrganization" | "contractingOrganization", organization: ImportedOrganization) => {
    setCreating(key);
    setOrganizationError(false);
    createOrganization(
      {
        resource: "organizations",
        values: { name: organization.name, siret: organization.siret, email: null, phoneNumber: null, address: organization.address },
        successNotification: () => ({ type: "success", message: IMPORT_TEXTS.organizationCreated }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setCreating(null);
          void run(state.query);
        },
        onError: () => {
          setCreating(null);
          setOrganizationError(true);
        },
      },
    );
  };

  return (
    <Stack spacing="md">
      <Paper withBorder radius="md" p="lg">
        {/* A form of its own inside the wizard's form would be invalid HTML: the search button submits by click and Enter. */}
        <Stack spacing="md">
          <Text size="sm" color="dimmed">
            {IMPORT_TEXTS.intro}
          </Text>
          <Grid gutter="md" align="flex-start">
            <Grid.Col sm={5}>
              <FormTextInput
                control={search.control}
                name="number"
                label={INFORMATION_LABELS.number}
                withAsterisk
                onKeyDown={searchOnEnter}
              />
            </Grid.Col>
            <Grid.Col sm={4}>
              <FormTextInput
                control={search.control}
                name="actionNumber"
                label={INFORMATION_LABELS.actionNumber}
                withAsterisk
                onKeyDown={searchOnEnter}
              />
            </Grid.Col>
            <Grid.Col sm={3} style={{ paddingTop: 36 }}>
              <Button fullWidth leftIcon={<IconSearch size={16} />} loading={state.status === "searching"} onClick={() => void search.handleSubmit(run)()}>
                {IMPORT_TEXTS.search}
              </Button>
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>

      {state.status === "searching" && (
        <Group spacing="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{IMPORT_TEXTS.searching}</Text>
        </Group>
      )}
      {state.status === "notFound" && (
        <Alert color="peach" icon={<IconAlertTriangle size={18} />} role="alert">
          {TRAINING_MSG.importNotFound}
        </Alert>
      )}
      {state.status === "error" && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {TRAINING_MSG.importError}
        </Alert>
      )}
      {state.status === "found" && (
        <Paper withBorder radius="md" p="lg" aria-label={IMPORT_TEXTS.found} component="section">
          <Stack spacing="md">
            <Group position="apart">
              <Title order={2} size="h4" sx={(theme) => ({ color: theme.colors.navy[8] })}>
                {IMPORT_TEXTS.found}
              </Title>
              {!state.result.id && <IconCircleCheck size={22} color="#12b886" aria-hidden />}
            </Group>
            {state.result.id && (
              <Alert color="peach" icon={<IconAlertTriangle size={18} />} role="alert">
                <Stack spacing={4}>
                  <Text size="sm">{TRAINING_MSG.importAlreadyExists}</Text>
                  <Anchor component={Link} to={`/trainings/${state.result.id}`} size="sm">
                    {IMPORT_TEXTS.open}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            <SimpleGrid cols={3} breakpoints={[{ maxWidth: "sm", cols: 1 }]}>
              <Stack spacing={2}>
                <Text size="xs" color="dimmed" weight={600} transform="uppercase">
                  Intitulé
                </Text>
                <Text weight={600}>{state.result.information.name}</Text>
              </Stack>
              <Stack spacing={2}>
                <Text size="xs" color="dimmed" weight={600} transform="uppercase">
                  Numéros
                </Text>
                <Text>
                  {state.result.information.number} / {state.result.information.actionNumber}
                </Text>
              </Stack>
              <Stack spacing={2}>
                <Text size="xs" color="dimmed" weight={600} transform="uppercase">
                  Lieu de formation
                </Text>
                <Text size="sm">{formatAddress(state.result.information.address) ?? "NC."}</Text>
              </Stack>
            </SimpleGrid>
            <SimpleGrid cols={2} breakpoints={[{ maxWidth: "sm", cols: 1 }]}>
              {(["educationalOrganization", "contractingOrganization"] as const).map((key) => (
                <ImportedOrganizationCard
                  key={key}
                  title={INFORMATION_LABELS[key]}
                  organization={state.result.information[key]}
                  canCreate={canCreateOrganization && !state.result.id}
                  creating={creating === key}
                  onCreate={() => create(key, state.result.information[key])}
                />
              ))}
            </SimpleGrid>
            {organizationError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {TRAINING_MSG.organizationCreateError}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
