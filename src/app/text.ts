export { fill } from '../../engine/react/messages.ts';
