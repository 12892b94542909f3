import { createContext, useContext } from 'react';
import type { TrackingPlace } from '@shared/tracking/tracking-constants.js';

/** The screen a post is shown on, for its events' `place`: each screen showing posts provides it. */
export const TrackingPlaceContext = createContext<TrackingPlace>('feed');

export function useTrackingPlace(): TrackingPlace {
  return useContext(TrackingPlaceContext);
}
