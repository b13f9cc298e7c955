/** The container platform's documented limits (inclusive), shared by its schema and the messages for people. */
export const LIMITS = {
  appName: { min: 1, max: 100 },
  shortName: { min: 1, max: 50 },
  terminationGracePeriodSeconds: { min: 1, max: 300 },
  autoscaling: { min: 1, max: 1000 },
  volumeSize: { min: 1, max: 100 },
  probeSeconds: { min: 1, max: 3600 },
  probeThreshold: { min: 1, max: 1000 },
  port: { min: 1, max: 65535 },
  stickyHeaders: { min: 1, max: 3 },
  cdnPortMappings: { min: 1, max: 1 },
} as const;
