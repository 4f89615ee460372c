/**
 * Every suite against the real Plane CE, as one file. They share its one server and its data (each
 * resets it first), so they run one after the other; as one file they do so in one worker beside
 * the other projects' files, instead of in a group of their own after them all. `-t` picks a suite
 * by its name.
 */
import './smoke.suite.js';
import './contract.suite.js';
import './cycles.suite.js';
import './digest.suite.js';
import './digest-slack.suite.js';
import './home-due.suite.js';
import './identity.suite.js';
import './intake.suite.js';
import './undo.suite.js';
