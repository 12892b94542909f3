import { appStore } from '../state/store.js';
import { createMessageSender } from './messageSender.js';

/** The tab's one sender: messages written anywhere in the tab go out in order. */
export const sendMessage = createMessageSender(appStore);
