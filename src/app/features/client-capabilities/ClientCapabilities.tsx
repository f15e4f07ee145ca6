// The "Client capabilities" section of the connection settings: a switch per
// client feature, the roots, and what initialize will declare. Switches apply
// to the next connection; roots apply at once.

import { useId } from 'react';
import { useStore } from 'zustand';
import {
  CLIENT_FEATURE_SINCE,
  clientCapabilities,
  featureAnswerable,
  isModernVersion,
  offeredFeatures,
  type ProtocolVersion,
} from '../../../protocol/index.js';
import { useApp, useConnectionScope, useConnection } from '../../hooks.js';
import { isActive } from '../../stores/connection-store.js';
import { featuresDiffer } from './client-settings.js';
import { RootsEditor } from './RootsEditor.js';
import { FEATURE_SWITCHES } from './switches.js';
import './client-capabilities.css';

export function ClientCapabilities({ version }: { version: ProtocolVersion }) {
  const { clientSettings } = useApp();
  const { answers } = useConnectionScope();
  const features = useStore(clientSettings, (s) => s.features);
  const session = useConnection((s) => s.session);
  const active = useConnection((s) => isActive(s.snapshot));
  const id = useId();
  const pending = active && session !== undefined && featuresDiffer(session.features, features);
  const declared = clientCapabilities(version, offeredFeatures(version, features, answers));
  return (
    <fieldset className="env client-capabilities">
      <legend>Client capabilities</legend>
      {FEATURE_SWITCHES.map(({ feature, label, explanation, modernExplanation, within }) => {
        const note =
          version < CLIENT_FEATURE_SINCE[feature]
            ? `Not in ${version} (from ${CLIENT_FEATURE_SINCE[feature]}).`
            : !featureAnswerable(feature, answers)
              ? 'Not declared: this page has no handler for it.'
              : undefined;
        return (
          <div className={`capability-switch${within ? ' within' : ''}`} key={feature}>
            <input
              type="checkbox"
              id={`${id}-${feature}`}
              checked={features[feature]}
              disabled={within !== undefined && !features[within]}
              aria-describedby={`${id}-${feature}-about`}
              onChange={(e) => clientSettings.getState().setFeature(feature, e.target.checked)}
            />
            <label htmlFor={`${id}-${feature}`}>{label}</label>
            <p className="hint" id={`${id}-${feature}-about`}>
              {(isModernVersion(version) && modernExplanation) || explanation}
              {note && <span className="capability-note"> {note}</span>}
            </p>
            {feature === 'roots' && <RootsEditor />}
          </div>
        );
      })}
      {pending && (
        <p className="capability-pending" role="status">
          Changed switches apply on the next connect: Disconnect, then Connect.
        </p>
      )}
      <details className="capability-declared">
        <summary>{isModernVersion(version) ? `Every request's _meta declares (${version})` : `The next initialize declares (offering ${version})`}</summary>
        <pre className="mono" aria-label="Declared client capabilities">
          {JSON.stringify(declared)}
        </pre>
      </details>
    </fieldset>
  );
}
