import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiError } from '@shared/api/envelope.js';
import { groupApiPath, type GroupAnswer } from '@shared/groups/groups.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import { FormAlert } from '../forms/FormAlert.js';
import { closeModalAtom, openModalAtom } from '../modals/modalsAtom.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';

/** For the group's owners: deletes the group after a confirmation, then shows the groups page. */
export function DeleteGroupButton({ group }: { group: GroupAnswer }) {
  const openModal = useSetAtom(openModalAtom);
  const modalId = `delete-group-${group.id}`;
  const confirm = () =>
    openModal({
      id: modalId,
      header: `Delete ${group.name}?`,
      body: (
        <p>
          The group and all its posts are deleted for everyone; credits left on those posts go back to their authors. Its members
          are told. This cannot be undone.
        </p>
      ),
      footer: <DeleteGroupActions modalId={modalId} group={group} />,
    });
  return (
    <div className="group-delete">
      <button type="button" className="button button-danger" onClick={confirm}>
        Delete group
      </button>
    </div>
  );
}

function DeleteGroupActions({ modalId, group }: { modalId: string; group: GroupAnswer }) {
  const closeModal = useSetAtom(closeModalAtom);
  const toast = useSetAtom(pushToastAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const remove = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const result = await api.delete<null>(groupApiPath(group.slug));
    setBusy(false);
    if (result.status >= 200 && result.status < 300) {
      closeModal({ id: modalId });
      toast({ header: 'Group deleted', body: `${group.name} and its posts are gone.` });
      navigate(PATHS.groups);
    } else {
      setErrors(errorsOrFallback(result.errors, result.status));
    }
  };
  return (
    <div className="group-delete-actions">
      <FormAlert errors={errors} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => closeModal({ id: modalId })}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger-solid"
          aria-disabled={busy || undefined}
          onClick={() => void remove()}
        >
          {busy ? 'Deleting…' : 'Delete group'}
        </button>
      </div>
    </div>
  );
}
