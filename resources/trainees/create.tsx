import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconSearch, IconUserExclamation } from "@tabler/icons-react";
import { useEffect } from "react";
import { useForm, type Path, type UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { apiRequest } from "../../providers/data-provider";
import { DescriptionList, Section } from "../../src/components/DescriptionList";
import { ExternalLookupStatus } from "../../src/components/ExternalLookupStatus";
import { FormTextInput, runOnEnter } from "../../src/components/form-inputs";
import { useExternalLookup, type ExternalLookup } from "../../src/components/use-external-lookup";
import { CreateWizardPage } from "../../src/components/Wizard";
import { formatDate } from "../../src/lib/format";
import { COLORS } from "../../src/theme";
import { capitalizeWords, toUpper } from "../common/strings";
import { traineesDescriptor } from "./descriptor";
import { formatSsn, LABELS, TraineeFields, TraineeRecap, type LockedFields } from "./fields";
import {
  agoraSearchSchema,
  emptyTrainee,
  TRAINEE_INFO_FIELDS,
  TRAINEE_MSG,
  traineeSchema,
  type AgoraPersonFound,
  type AgoraSearchInput,
  type AgoraSearchValues,
  type TraineeInput,
  type TraineeValues,
} from "./schema";

/**
 * The import step's states (spec part 1 §4): searching, not matched, found and already in the product (`exists`; with an id only
 * when the caller may see that trainee), found and new.
 */
type PersonLookup = ExternalLookup<AgoraSearchValues, AgoraPersonFound>;

const findPerson = (query: AgoraSearchValues, signal: AbortSignal) =>
  apiRequest<{ data: AgoraPersonFound }>("/trainees/agora", { query, signal }).then((answer) => answer.data);

/** 404: the name does not match the NIR; other failures show the API's message (502: 'Le système externe ne répond pas…'). */
const PERSON_LOOKUP_MESSAGES = { notFound: TRAINEE_MSG.personNotMatched };

/** The person found and new, whose identity the form takes: step 2 can be reached. */
const newPerson = (lookup: PersonLookup) => (lookup.status === "found" && !lookup.result.exists ? lookup.result : null);
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

function LookupResult({ lookup }: { lookup: PersonLookup }) {
  if (lookup.status !== "found") return <ExternalLookupStatus lookup={lookup} loadingText="Recherche en cours…" notFoundTone="error" />;
  const person = lookup.result;
  if (person.exists)
    return (
      <Alert color={COLORS.warning} icon={<IconUserExclamation size={18} />} title={TRAINEE_MSG.personExists} role="alert">
        <Stack gap="sm">
          <PersonSummary person={person} />
          {person.id && (
            <Anchor component={Link} to={`${traineesDescriptor.listPath}/${person.id}`} size="sm" fw={600}>
              Voir le stagiaire
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert color={COLORS.success} icon={<IconCircleCheck size={18} />} title="Personne trouvée dans Agora" role="status">
      <Stack gap="sm">
        <PersonSummary person={person} />
        <Text size="sm">Cliquez sur « Suivant » pour compléter ses informations.</Text>
      </Stack>
    </Alert>
  );
}

function ImportStep({ search, lookup, onSearch }: { search: UseFormReturn<AgoraSearchInput, unknown, AgoraSearchValues>; lookup: PersonLookup; onSearch: () => void }) {
  const onEnter = runOnEnter(onSearch);
  return (
    <Section title="Rechercher la personne dans Agora">
      <Text size="sm" c="dimmed">
        Saisissez le NIR et le nom de naissance : l'identité de la personne est reprise d'Agora.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: "start" }}>
        <FormTextInput control={search.control} name="ssn" label={LABELS.ssn} withAsterisk onKeyDown={onEnter} autoComplete="off" />
        <FormTextInput control={search.control} name="birthName" label={LABELS.birthName} transform="upper" withAsterisk onKeyDown={onEnter} autoComplete="off" />
        <Button leftSection={<IconSearch size={16} />} onClick={onSearch} loading={lookup.status === "loading"} mt={25} variant="outline">
          Rechercher
        </Button>
      </SimpleGrid>
      <LookupResult lookup={lookup} />
    </Section>
  );
}

export default function TraineeCreate() {
  const search = useForm<AgoraSearchInput, unknown, AgoraSearchValues>({
    resolver: zodResolver(agoraSearchSchema),
    mode: "onChange",
    defaultValues: { ssn: "", birthName: "" },
  });
  const lookup = useExternalLookup(findPerson, PERSON_LOOKUP_MESSAGES);

  // A result belongs to the NIR and name searched: changing them asks for a new search before going on.
  const { status, reset } = lookup;
  useEffect(() => {
    if (status === "idle" || status === "loading") return;
    const subscription = search.watch(() => reset());
    return () => subscription.unsubscribe();
  }, [search, status, reset]);

  const runSearch = (form: TraineeForm) =>
    void search.handleSubmit((query) =>
      lookup.lookup(query, (person) => {
        if (person.exists) return;
        const fill = { shouldDirty: true, shouldValidate: false } as const;
        form.setValue("ssn", person.ssn, fill);
        form.setValue("birthName", toUpper(person.birthName), fill);
        form.setValue("lastName", toUpper(person.lastName || person.birthName), fill);
        form.setValue("firstName", capitalizeWords(person.firstName1), fill);
        form.setValue("birthDate", person.birthDate ?? "", fill);
      }),
    )();

  const imported = newPerson(lookup);
  const locked: LockedFields = imported ? { ssn: Boolean(imported.ssn), birthName: Boolean(imported.birthName), birthDate: Boolean(imported.birthDate) } : {};

  return (
    <CreateWizardPage<TraineeInput, TraineeValues>
      resource={traineesDescriptor}
      schema={traineeSchema}
      defaultValues={emptyTrainee()}
      // On 409 the API's own message: "Ce mail est déjà utilisé pour un autre stagiaire." or the NIR one.
      messages={{ conflictFromApi: true, failed: TRAINEE_MSG.createFailed }}
      steps={(form) => [
        {
          label: "Import",
          fields: ["ssn", "birthName"],
          canContinue: imported !== null,
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
