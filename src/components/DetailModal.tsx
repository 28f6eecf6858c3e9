/**
 * The detail of a row in a modal (size 5xl = 64rem): loads the record, shows the resource's detail content,
 * and the screen's messages on 404 ("L'employé n'existe pas") or any other failure.
 *
 *   <DetailModal resource="employees" id={openId} onClose={() => setOpenId(null)} title={(e) => employeeFullName(e)}
 *     notFoundMessage={EMPLOYEE_MSG.notFound} errorMessage={EMPLOYEE_MSG.showFailed} render={(e) => <EmployeeDetail employee={e} />} />
 */
import { Alert, Anchor, Box, Center, Group, Loader, Modal, Text } from "@mantine/core";
import { useOne, type BaseRecord, type HttpError } from "@refinedev/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Chakra-style "5xl" (the spec's size) in rem, as Mantine 5 has no such named size. */
export const MODAL_5XL = "64rem";

export interface DetailModalProps<T extends BaseRecord> {
  resource: string;
  id: string | null;
  onClose: () => void;
  title: (record: T) => ReactNode;
  notFoundMessage: string;
  errorMessage: string;
  render: (record: T) => ReactNode;
  /** The full page of the record, linked from the modal's header. */
  pagePath?: string;
}

export function DetailModal<T extends BaseRecord>({ resource, id, onClose, title, notFoundMessage, errorMessage, render, pagePath }: DetailModalProps<T>) {
  const { query, result } = useOne<T, HttpError>({
    resource,
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
      overflow="inside"
      title={
        <Group spacing="md">
          <Text weight={700} size="lg">
            {result && !error ? title(result) : "\u00a0"}
          </Text>
          {pagePath && result && !error && (
            <Anchor component={Link} to={pagePath} size="sm">
              Voir la fiche complète
            </Anchor>
          )}
        </Group>
      }
    >
      {/* The body scrolls inside the modal: focusable, so that keyboard users can scroll it too (WCAG 2.1.1). */}
      <Box role="region" aria-label="Contenu de la fiche" tabIndex={0} sx={{ outlineOffset: 2 }}>
        {body}
      </Box>
    </Modal>
  );
}
