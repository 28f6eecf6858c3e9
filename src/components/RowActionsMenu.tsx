/**
 * The "…" menu of a list row, in the spec's order: "Ouvrir dans un nouvel onglet" (everyone), a resource's own entries that come
 * before editing (e.g. "Créer une session" on trainings), "Modifier" when allowed, those that come after it (records: status,
 * 'Mise à jour Agora', FSE, bilan), then "Supprimer" when allowed.
 *
 *   <RowActionsMenu label="DUPONT Jean" showPath="/employees/42" editPath="/employees/42/edit" onDelete={…}
 *     extraItems={[{ label: "Créer une session", icon: <IconCalendarPlus size={16} />, onClick: … }]} />
 *
 * Omit editPath / onDelete to hide those entries (ResourceList does so per role).
 */
import { ActionIcon, Menu } from "@mantine/core";
import { IconDotsVertical, IconExternalLink, IconPencil, IconTrash } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { useNavigate } from "react-router";

export interface RowMenuItem {
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
}

export interface RowActionsMenuProps {
  /** Names the row for screen readers: "Actions pour DUPONT Jean". */
  label: string;
  showPath: string;
  editPath?: string;
  onDelete?: () => void;
  extraItems?: RowMenuItem[];
  /** The resource's own entries placed after "Modifier". */
  itemsAfterEdit?: RowMenuItem[];
}

export const ROW_MENU_TEXTS = { openInNewTab: "Ouvrir dans un nouvel onglet", edit: "Modifier", delete: "Supprimer" } as const;

/**
 * An action that opens a modal runs once the menu is gone (no exit transition, next task): the modal then takes the focus
 * from the page, not from a menu about to close and return it to its button.
 */
const afterMenuCloses = (action: () => void) => () => void window.setTimeout(action, 0);


function MenuItems({ items }: { items: RowMenuItem[] }) {
  return (
    <>
      {items.map((item) => (
        <Menu.Item key={item.label} leftSection={item.icon} color={item.color} onClick={afterMenuCloses(item.onClick)}>
          {item.label}
        </Menu.Item>
      ))}
    </>
  );
}

export function RowActionsMenu({ label, showPath, editPath, onDelete, extraItems = [], itemsAfterEdit = [] }: RowActionsMenuProps) {
  const navigate = useNavigate();
  const menuId = useId();
  return (
    // Clicks inside the menu must not reach the row, which opens the detail modal.
    <div onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Menu id={menuId} position="bottom-end" withinPortal shadow="md" width={260} transitionProps={{ duration: 0 }}>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions pour ${label}`} title="Actions">
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => window.open(showPath, "_blank", "noopener")}>
            {ROW_MENU_TEXTS.openInNewTab}
          </Menu.Item>
          <MenuItems items={extraItems} />
          {editPath && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => navigate(editPath)}>
              {ROW_MENU_TEXTS.edit}
            </Menu.Item>
          )}
          <MenuItems items={itemsAfterEdit} />
          {onDelete && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={afterMenuCloses(onDelete)}>
                {ROW_MENU_TEXTS.delete}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
