/** The spec's confirmation before an administrator deletes a user (and everything they own). */
import { deleteUser, type AdminUserOut } from "../../api/admin.ts";
import { plural } from "../../format.ts";
import { DeleteDialog } from "./DeleteDialog.tsx";

export const DELETE_USER_CONFIRM = "Are you sure you want to delete this user?";
export const DELETE_USER_FAILED = "Failed to delete user. Please try again.";

export interface DeleteUserDialogProps {
  user: AdminUserOut | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  return (
    <DeleteDialog
      item={user}
      title="Delete this user?"
      confirmLabel="Delete user"
      failed={DELETE_USER_FAILED}
      remove={(u, fallback) => deleteUser(u.id, { fallback })}
      done={(u) => `Deleted ${u.username} (${u.email}).`}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      {(u) => (
        <>
          <p>{DELETE_USER_CONFIRM}</p>
          <p>
            <strong>{u.username}</strong> ({u.email}) loses their account at once, with {plural(u.tests, "test")},{" "}
            {plural(u.results, "result")} and {plural(u.files, "file")}. This cannot be undone.
          </p>
        </>
      )}
    </DeleteDialog>
  );
}
