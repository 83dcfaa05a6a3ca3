/**
 * What the broker must learn when the device edge changes (docs/security.md "The device edge").
 * The embedded broker reads credentials and scopes from the database itself, so its implementation
 * only drops caches and disconnects; an external broker (Mosquitto with the dynamic-security plugin,
 * modules/edge/mosquitto-dynsec.ts) is told each change, since it keeps its own copy.
 */
export interface EdgeAccess {
  /**
   * A gateway's or trigger's secret was issued or rotated. The plaintext is passed only here, once;
   * clients connected with an older secret are disconnected.
   */
  credentialsIssued(identity: { mac: string; kind: 'GATEWAY' | 'TRIGGER'; customerId: string }, secret: string): Promise<void>;
  /** A secret was revoked, or its gateway or trigger removed: the MAC can no longer connect, and is disconnected. */
  credentialsRevoked(mac: string): Promise<void>;
  /** Devices, triggers or gateways of a customer changed: what its gateways may publish is recomputed. */
  scopeChanged(customerId: string): Promise<void>;
}
