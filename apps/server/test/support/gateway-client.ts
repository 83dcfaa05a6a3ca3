import mqtt from 'mqtt';
import type { AppContext } from '../../src/context.ts';
import { edgeCredentialsFor } from './edge.ts';

/**
 * An MQTT connection to the test server's broker as the gateway `gatewayMac` would open it: every
 * test that publishes or subscribes like a gateway connects through here, so that the way a gateway
 * authenticates (credentials issued to the gateway) is decided in this one place.
 * @param server the running test server (its `mqttUrl`; its context issues the gateway's credentials)
 * @param gatewayMac the gateway the connection speaks for (upper-case MAC)
 * @param options further mqtt.js options (reconnectPeriod defaults to 0: a test sees a refusal)
 */
export async function connectGateway(
  server: { mqttUrl: string; ctx: AppContext },
  gatewayMac: string,
  options: mqtt.IClientOptions = {},
): Promise<mqtt.MqttClient> {
  const creds = await edgeCredentialsFor(server, gatewayMac);
  return mqtt.connectAsync(server.mqttUrl, { reconnectPeriod: 0, ...creds, ...options });
}
