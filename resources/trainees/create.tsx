import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDataProvider, type HttpError } from "@refinedev/core";
import { IconAlertCircle, IconCircleCheck, IconSearch, IconUserExclamation } from "@tabler/icons-react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useForm, type Path, type UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { FormTextInput } from "../../src/components/form-inputs";
import { CreateWizardPage } from "../../src/components/Wizard";
import { formatDate } from "../../src/lib/format";
import { COLORS } from "../../src/theme";
import { capitalizeWords, toUpper } from "../common/strings";
import { formatSsn, LABELS, TraineeFields, TraineeRecap, type LockedFields } from "./fields";
import {
  agoraSearchSchema,
  emptyTrainee,
  TRAINEE_INFO_FIELDS,
  TRAINEE_MSG,
  traineeSchema,
  type AgoraPersonFound,
  type AgoraSearchInput,
  type TraineeInput,
  type TraineeValues,
} from "./schema";

/** The import step's states (spec part 1 §4): searching, not matched, found and already in the product, found and new. */
type Lookup =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "notMatched" }
  | { status: "failed"; message: string }
  | { status: "exists"; person: AgoraPersonFound }
  | { status: "found"; person: AgoraPersonFound };

type SearchValues = { ssn: string; birthName: string };
type TraineeForm = UseFormReturn<TraineeInput, unknown, TraineeValues>;

function PersonSummary({ person }: { person: AgoraPersonFound }) {
  return (
    <DescriptionList
      cols={3}
      items={[
        { label: LABELS.birthName, value: person.birthName },
        { label: LABELS.lastName, value: person.lastName },
        { label: LABELS.firstName, value: person.firstName1 },
        { label: LABELS.birthDate, value: formatDate(person.birthDate) },
        { label: LABELS.ssn, value: formatSsn(person.ssn) },
      ]}
    />
  );
}

function LookupResult({ lookup }: { lookup: Lookup }) {
  switch (lookup.status) {
    case "idle":
      return null;
    case "searching":
      return (
        <Group spacing="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Recherche en cours…</Text>
        </Group>
      );
    case "notMatched":
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {TRAINEE_MSG.personNotMatched}
        </Alert>
      );
    case "failed":
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {lookup.message}
        </Alert>
      );
    case "exists":
      return (
        <Alert color={COLORS.warning} icon={<IconUserExclamation size={18} />} title={TRAINEE_MSG.personExists} role="alert">
          <Stack spacing="sm">
            <PersonSummary person={lookup.person} />
            <Anchor component={Link} to={`/trainees/${lookup.person.id}`} size="sm" weight={600}>
              Voir le stagiaire
            </Anchor>
          </Stack>
        </Alert>
      );
    case "found":
      return (
        <Alert color={COLORS.success} icon={<IconCircleCheck size={18} />} title="Personne trouvée dans Agora" role="status">
          <Stack spacing="sm">
            <PersonSummary person={lookup.person} />
            <Text size="sm">Cliquez sur « Suivant » pour compléter ses informations.</Text>
          </Stack>
        </Alert>
      );
  }
}

function ImportStep({ search, lookup, onSearch }: { search: UseFormReturn<AgoraSearchInput, unknown, SearchValues>; lookup: Lookup; onSearch: () => void }) {
  // Enter searches rather than submitting the wizard.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    onSearch();
  };
  return (
    <Section title="Rechercher la personne dans Agora">
      <Text size="sm" color="dimmed">
        Saisissez le NIR et le nom de naissance : l'identité de la personne est reprise d'Agora.
      </Text>
      <SimpleGrid cols={3} breakpoints={[{ maxWidth: "sm", cols: 1 }]} style={{ alignItems: "start" }}>
        <FormTextInput control={search.control} name="ssn" label={LABELS.ssn} withAsterisk onKeyDown={onEnter} autoComplete="off" />
        <FormTextInput control={search.control} name="birthName" label={LABELS.birthName} transform="upper" withAsterisk onKeyDown={onEnter} autoComplete="off" />
        <Button leftIcon={<IconSearch size={16} />} onClick={onSearch} loading={lookup.status === "searching"} mt={25} variant="outline">
          Rechercher
        </Button>
      </SimpleGrid>
      <LookupResult lookup={lookup} />
    </Section>
  );
}

export default function TraineeCreate() {
  const dataProvider = useDataProvider();
  const search = useForm<AgoraSearchInput, unknown, SearchValues>({
    resolver: zodResolver(agoraSearchSchema),
    mode: "onChange",
    defaultValues: { ssn: "", birthName: "" },
  });
  const [lookup, setLookup] = useState<Lookup>({ status: "idle" });

  // A result belongs to the NIR and name searched: changing them asks for a new search before going on.
  useEffect(() => {
    const subscription = search.watch(() => setLookup((current) => (current.status === "idle" || current.status === "searching" ? current : { status: "idle" })));
    return () => subscription.unsubscribe();
  }, [search]);

  const runSearch = (form: TraineeForm) =>
    void search.handleSubmit(async ({ ssn, birthName }) => {
      setLookup({ status: "searching" });
      try {
        const { data: person } = await dataProvider().custom!<AgoraPersonFound>({ url: "/trainees/agora", method: "get", query: { ssn, birthName } });
        if (person.id) return setLookup({ status: "exists", person });
        const fill = { shouldDirty: true, shouldValidate: false } as const;
        form.setValue("ssn", person.ssn, fill);
        form.setValue("birthName", toUpper(person.birthName), fill);
        form.setValue("lastName", toUpper(person.lastName || person.birthName), fill);
        form.setValue("firstName", capitalizeWords(person.firstName1), fill);
        form.setValue("birthDate", person.birthDate ?? "", fill);
        setLookup({ status: "found", person });
      } catch (error) {
        const failure = error as HttpError;
        setLookup(failure.statusCode === 404 ? { status: "notMatched" } : { status: "failed", message: failure.message });
      }
    })();

  const locked: LockedFields =
    lookup.status === "found" ? { ssn: Boolean(lookup.person.ssn), birthName: Boolean(lookup.person.birthName), birthDate: Boolean(lookup.person.birthDate) } : {};

  return (
    <CreateWizardPage<TraineeInput, TraineeValues>
      resource="trainees"
      title="Création d'un stagiaire"
      schema={traineeSchema}
      defaultValues={emptyTrainee()}
      listPath="/trainees"
      // On 409 the API's own message: "Ce mail est déjà utilisé pour un autre stagiaire." or the NIR one.
      messages={{ conflictFromApi: true, failed: TRAINEE_MSG.createFailed }}
      steps={(form) => [
        {
          label: "Import",
          fields: ["ssn", "birthName"],
          canContinue: lookup.status === "found",
          content: <ImportStep search={search} lookup={lookup} onSearch={() => runSearch(form)} />,
        },
        {
          label: "Informations",
          fields: TRAINEE_INFO_FIELDS as Path<TraineeInput>[],
          content: <TraineeFields form={form} locked={locked} ssnLocked={false} />,
        },
        { label: "Récapitulatif", content: <TraineeRecap values={form.getValues()} /> },
      ]}
    />
  );
}
