/** Writes racing a delete or a second writer, on memory storage (in every runtime of the matrix). */
import { createMemoryStorage } from '../src/index.js';
import { writeRaceSuite } from './helpers/write-races.js';

writeRaceSuite('memory', () => createMemoryStorage());
