/**
 * The detail of a row in a modal (size 5xl = 64rem): loads the record, titles it with its descriptor's record title,
 * links its full page, shows the resource's detail content, and the screen's messages on 404 ("L'employé n'existe pas")
 * or any other failure.
 *
 *   <DetailModal resource={employeesDescriptor} id={openId} onClose={() => setOpenId(null)}
 *     notFoundMessage={EMPLOYEE_MSG.notFound} errorMessage={EMPLOYEE_MSG.showFailed} render={(e) => <EmployeeDetail employee={e} />} />
 */
import { Alert, Anchor, Box, Center, Group, Loader, Modal, ScrollArea, Text } from "@mantine/core";
import { useOne, type BaseRecord, type HttpError } from "@refinedev/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ResourceDescriptor } from "../../resources/resource-module";

/** Chakra-style "5xl" (the spec's size) in rem, as Mantine 5 has no such named size. */
export const MODAL_5XL = "64rem";

export interface DetailModalProps<T extends BaseRecord> {
  resource: ResourceDescriptor<T>;
  id: string | null;
  onClose: () => void;
  notFoundMessage: string;
  errorMessage: string;
  render: (record: T) => ReactNode;
}

export function DetailModal<T extends BaseRecord>({ resource, id, onClose, notFoundMessage, errorMessage, render }: DetailModalProps<T>) {
  const { query, result } = useOne<T, HttpError>({
    resource: resource.name,
    id: id ?? "",
    queryOptions: { enabled: id !== null },
    errorNotification: false,
  });
  const error = query.error;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status" aria-label="Chargement…">
        <Loader />
      </Center>
    );
  } else if (error || !result) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {error?.statusCode === 404 ? notFoundMessage : errorMessage}
      </Alert>
    );
  } else {
    body = render(result);
  }

  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size={MODAL_5XL}
      data-size="5xl"
      scrollAreaComponent={ScrollArea.Autosize}
      title={
        <Group gap="md">
          <Text fw={700} size="lg">
            {result && !error ? resource.recordTitle(result) : "\u00a0"}
          </Text>
          {id !== null && result && !error && (
            <Anchor component={Link} to={`${resource.listPath}/${id}`} size="sm">
              Voir la fiche complète
            </Anchor>
          )}
        </Group>
      }
    >
      {/* The body scrolls inside the modal: focusable, so that keyboard users can scroll it too (WCAG 2.1.1). */}
      <Box role="region" aria-label="Contenu de la fiche" tabIndex={0} style={{ outlineOffset: 2 }}>
        {body}
      </Box>
    </Modal>
  );
}
