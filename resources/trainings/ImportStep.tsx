/**
 * Wizard step 1 'Import Agora': looks a training up in the external system by number and action number
 * (GET /api/trainings/agora/{number}-{actionNumber}) and shows the spec's four states. An imported organisation missing from
 * the product can be created on the spot ('Créer l'organisme'), after which the search runs again.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useCan, useCreate, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconAlertTriangle, IconBuildingPlus, IconCircleCheck, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { apiRequest } from "../../providers/data-provider";
import { ExternalLookupStatus } from "../../src/components/ExternalLookupStatus";
import { FormTextInput, runOnEnter } from "../../src/components/form-inputs";
import { useExternalLookup, type ExternalLookup } from "../../src/components/use-external-lookup";
import { NC } from "../../src/lib/format";
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

export type TrainingImportLookup = ExternalLookup<TrainingImportSearch, TrainingImportResult>;

const lookupPath = ({ number, actionNumber }: { number: string; actionNumber: string }) =>
  `/trainings/agora/${encodeURIComponent(number.trim())}-${encodeURIComponent(actionNumber.trim())}`;

const findTraining = (query: TrainingImportSearch, signal: AbortSignal) =>
  apiRequest<{ data: TrainingImportResult }>(lookupPath(query), { signal }).then((answer) => answer.data);

/** 404: 'Aucune formation n'a été trouvée'; any other failure (502, network…): the spec's one search error. */
const IMPORT_MESSAGES = { notFound: TRAINING_MSG.importNotFound, failed: TRAINING_MSG.importError };

/** The import's lookup, held by the wizard page: this step unmounts on "Suivant" and finds its result and query again on "Précédent". */
export const useTrainingImport = (): TrainingImportLookup => useExternalLookup(findTraining, IMPORT_MESSAGES);

export const importAllowsNext = (lookup: TrainingImportLookup) => lookup.status === "found" && !lookup.result.id;

const EMPTY_SEARCH: TrainingImportSearch = { number: "", actionNumber: "" };

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
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {title}
          </Text>
          <Badge color={exists ? "mint" : "peach"} variant="light">
            {exists ? IMPORT_TEXTS.existing : IMPORT_TEXTS.missing}
          </Badge>
        </Group>
        <Text fw={600}>{organization.name}</Text>
        <Text size="sm" c="dimmed">
          SIRET {organization.siret}
        </Text>
        {formatAddress(organization.address) && <Text size="sm">{formatAddress(organization.address)}</Text>}
        {!exists && canCreate && (
          <Group>
            <Button size="xs" variant="light" leftSection={<IconBuildingPlus size={16} />} loading={creating} onClick={onCreate}>
              {IMPORT_TEXTS.createOrganization}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ImportStep({ lookup, onSearch }: { lookup: TrainingImportLookup; onSearch: (query: TrainingImportSearch) => void }) {
  const search = useForm<TrainingImportSearch, unknown, TrainingImportSearch>({
    resolver: zodResolver(trainingImportSearchSchema),
    mode: "onChange",
    defaultValues: lookup.args ?? EMPTY_SEARCH,
  });
  const found = lookup.status === "found" ? lookup.result : null;
  const canCreateOrganization = useCan({ resource: "organizations", action: "create" }).data?.can ?? false;
  const { mutate: createOrganization } = useCreate<{ id: string }, HttpError, object>();
  const [creating, setCreating] = useState<"educationalOrganization" | "contractingOrganization" | null>(null);
  const [organizationError, setOrganizationError] = useState(false);

  const searchOnEnter = runOnEnter(() => void search.handleSubmit(onSearch)());

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
          // The organisation now exists: the same search shows it as present (and fills step 2 with it).
          lookup.retry();
        },
        onError: () => {
          setCreating(null);
          setOrganizationError(true);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        {/* A form of its own inside the wizard's form would be invalid HTML: the search button submits by click and Enter. */}
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {IMPORT_TEXTS.intro}
          </Text>
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <FormTextInput
                control={search.control}
                name="number"
                label={INFORMATION_LABELS.number}
                withAsterisk
                onKeyDown={searchOnEnter}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <FormTextInput
                control={search.control}
                name="actionNumber"
                label={INFORMATION_LABELS.actionNumber}
                withAsterisk
                onKeyDown={searchOnEnter}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }} style={{ paddingTop: 36 }}>
              <Button fullWidth leftSection={<IconSearch size={16} />} loading={lookup.status === "loading"} onClick={() => void search.handleSubmit(onSearch)()}>
                {IMPORT_TEXTS.search}
              </Button>
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>

      <ExternalLookupStatus lookup={lookup} loadingText={IMPORT_TEXTS.searching} notFoundTone="warning" />
      {found && (
        <Paper withBorder radius="md" p="lg" aria-label={IMPORT_TEXTS.found} component="section">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" c="navy.8">
                {IMPORT_TEXTS.found}
              </Title>
              {!found.id && <IconCircleCheck size={22} color="#12b886" aria-hidden />}
            </Group>
            {found.id && (
              <Alert color="peach" icon={<IconAlertTriangle size={18} />} role="alert">
                <Stack gap={4}>
                  <Text size="sm">{TRAINING_MSG.importAlreadyExists}</Text>
                  <Anchor component={Link} to={`/trainings/${found.id}`} size="sm">
                    {IMPORT_TEXTS.open}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Intitulé
                </Text>
                <Text fw={600}>{found.information.name}</Text>
              </Stack>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Numéros
                </Text>
                <Text>
                  {found.information.number} / {found.information.actionNumber}
                </Text>
              </Stack>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Lieu de formation
                </Text>
                <Text size="sm">{formatAddress(found.information.address) ?? NC}</Text>
              </Stack>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(["educationalOrganization", "contractingOrganization"] as const).map((key) => (
                <ImportedOrganizationCard
                  key={key}
                  title={INFORMATION_LABELS[key]}
                  organization={found.information[key]}
                  canCreate={canCreateOrganization && !found.id}
                  creating={creating === key}
                  onCreate={() => create(key, found.information[key])}
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
