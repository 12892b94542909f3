import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { ANNOUNCEMENT_ENDPOINTS, type AdminAnnouncement } from '@shared/announcements/announcements.js';
import { api } from '../../api/api.js';
import { errorsOrFallback } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { closeModalAtom, openModalAtom } from '../../modals/modalsAtom.js';

/** Ends an announcement after a confirmation: it disappears at once from every page showing it. */
export function EndAnnouncementButton({ announcement, onEnded }: { announcement: AdminAnnouncement; onEnded: () => void }) {
  const openModal = useSetAtom(openModalAtom);
  const modalId = `end-announcement-${announcement.id}`;
  const confirm = () =>
    openModal({
      id: modalId,
      header: 'End this announcement?',
      body: (
        <p>
          “{announcement.heading}” disappears at once from every page that shows it. An ended announcement cannot be shown again;
          you can publish a new one.
        </p>
      ),
      footer: <EndAnnouncementActions modalId={modalId} announcementId={announcement.id} onEnded={onEnded} />,
    });
  return (
    <button
      type="button"
      className="button button-small button-danger"
      aria-label={`End: ${announcement.heading}`}
      onClick={confirm}
    >
      End
    </button>
  );
}

function EndAnnouncementActions({
  modalId,
  announcementId,
  onEnded,
}: {
  modalId: string;
  announcementId: number;
  onEnded: () => void;
}) {
  const closeModal = useSetAtom(closeModalAtom);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const end = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const result = await api.post<null>(`${ANNOUNCEMENT_ENDPOINTS.admin}/${announcementId}/end`);
    setBusy(false);
    if (result.status >= 200 && result.status < 300) {
      closeModal({ id: modalId });
      onEnded();
    } else {
      setErrors(errorsOrFallback(result.errors, result.status));
    }
  };
  return (
    <div className="end-announcement-actions">
      <FormAlert errors={errors} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => closeModal({ id: modalId })}>
          Cancel
        </button>
        <button type="button" className="button button-danger-solid" aria-disabled={busy || undefined} onClick={() => void end()}>
          {busy ? 'Ending…' : 'End announcement'}
        </button>
      </div>
    </div>
  );
}
