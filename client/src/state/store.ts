import { createStore } from 'jotai';

/** The one Jotai store; non-React code (the API client, the socket) reads and writes it. */
export const appStore = createStore();
