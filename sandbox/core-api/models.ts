/** Core API response bodies (PascalCase, as the platform sends them), built from the seed plus the area's edits. */
import type { SeedData, SeedDnsZone, SeedLibrary, SeedRegion, SeedStorageZone } from '../context.js';

/** A JSON object as sent on the wire. */
export type Wire = Readonly<Record<string, unknown>>;

/** Fixed creation time of seeded objects, so a seed always yields the same bodies. */
export const SEED_DATE = '2024-03-01T09:30:00Z';
const SEED_MODIFIED = '2024-06-12T14:05:00Z';

/** The account's user id as models carry it: the seed's own GUID, never anything taken from a key. */
export function userIdOf(seed: SeedData): string {
  return seed.userId;
}

/** A StorageZoneModel; `pullZones` are the (already built) pull zones serving from it. */
export function storageZoneModel(seed: SeedData, sz: SeedStorageZone, pullZones: readonly Wire[]): Wire {
  const host = sz.region === 'DE' ? 'storage.bunnycdn.com' : `${sz.region.toLowerCase()}.storage.bunnycdn.com`;
  return {
    Id: sz.id,
    UserId: userIdOf(seed),
    Name: sz.name,
    Password: sz.password,
    DateModified: SEED_MODIFIED,
    Deleted: false,
    StorageUsed: 52_428_800 + (sz.id % 100) * 1_048_576,
    FilesStored: 40 + (sz.id % 50),
    Region: sz.region,
    ReplicationRegions: [],
    PullZones: pullZones,
    ReadOnlyPassword: sz.readOnlyPassword,
    Rewrite404To200: false,
    Custom404FilePath: null,
    StorageHostname: host,
    S3Hostname: null,
    ZoneTier: 0,
    ReplicationChangeInProgress: false,
    PriceOverride: 0,
    Discount: 0,
    StorageZoneType: 0,
  };
}

/** A stored DNS zone: the seed's ones plus those added through POST /dnszone. */
export interface DnsZoneRecord extends SeedDnsZone {
  readonly dateCreated: string;
}

/** A DnsZoneModel. */
export function dnsZoneModel(zone: DnsZoneRecord): Wire {
  return {
    Id: zone.id,
    Domain: zone.domain,
    Records: [],
    DateModified: zone.dateCreated,
    DateCreated: zone.dateCreated,
    NameserversDetected: false,
    CustomNameserversEnabled: false,
    Nameserver1: 'kiki.bunny.net',
    Nameserver2: 'coco.bunny.net',
    SoaEmail: 'hostmaster@bunny.net',
    NameserversNextCheck: zone.dateCreated,
    LoggingEnabled: false,
    LoggingIPAnonymizationEnabled: true,
    LogAnonymizationType: 0,
    DnsSecEnabled: false,
    CertificateKeyType: 0,
  };
}

/** A VideoLibraryModel; as for the account key, it carries the library's read-write and read-only keys. */
export function videoLibraryModel(lib: SeedLibrary): Wire {
  return {
    Id: lib.id,
    Name: lib.name,
    VideoCount: 0,
    TrafficUsage: 0,
    StorageUsage: 0,
    DateCreated: SEED_DATE,
    DateModified: SEED_MODIFIED,
    ReplicationRegions: [],
    ApiKey: lib.key,
    ReadOnlyApiKey: lib.readOnlyKey,
    HasWatermark: false,
    WatermarkPositionLeft: 70,
    WatermarkPositionTop: 70,
    WatermarkWidth: 0,
    PullZoneId: lib.pullZoneId,
    StorageZoneId: lib.storageZoneId,
    WatermarkHeight: 0,
    EnabledResolutions: '360p,480p,720p,1080p',
    ViAiPublisherId: null,
    VastTagUrl: null,
    WebhookUrl: null,
    CaptionsFontSize: 20,
    CaptionsFontColor: '#fff',
    CaptionsBackground: '#000',
    UILanguage: 'en',
    AllowEarlyPlay: false,
    PlayerTokenAuthenticationEnabled: false,
    AllowedReferrers: [],
    BlockedReferrers: [],
    BlockNoneReferrer: false,
    EnableMP4Fallback: false,
    KeepOriginalFiles: true,
    AllowDirectPlay: true,
    EnableDRM: false,
    DrmVersion: 0,
    AppleFairPlayDrm: null,
    GoogleWidevineDrm: null,
    Bitrate240p: 600,
    Bitrate360p: 800,
    Bitrate480p: 1400,
    Bitrate720p: 2800,
    Bitrate1080p: 5000,
    Bitrate1440p: 8000,
    Bitrate2160p: 13000,
    ApiAccessKey: null,
    ShowHeatmap: false,
    EnableContentTagging: true,
    PullZoneType: 0,
    CustomHTML: null,
    Controls: 'play-large,play,progress,current-time,mute,volume,captions,settings,pip,airplay,fullscreen',
    PlaybackSpeeds: '0.5,0.75,1,1.25,1.5,1.75,2',
    PlayerKeyColor: '#ff7755',
    FontFamily: 'rubik',
    WatermarkVersion: 0,
    EnableTranscribing: false,
    EnableTranscribingTitleGeneration: false,
    EnableTranscribingDescriptionGeneration: false,
    EnableTranscribingChaptersGeneration: false,
    EnableTranscribingMomentsGeneration: false,
    TranscribingCaptionLanguages: [],
    EnableCaptionsInPlaylist: false,
    RememberPlayerPosition: false,
    EnableMultiAudioTrackSupport: false,
    UseSeparateAudioStream: false,
    JitEncodingEnabled: false,
    EncodingTier: 0,
    OutputCodecs: 'x264',
    DrmBasePriceOverride: null,
    DrmCostPerLicenseOverride: null,
    TranscribingPriceOverride: null,
    PremiumEncodingPriceOverride: null,
    MonthlyChargesTranscribing: 0,
    MonthlyChargesPremiumEncoding: 0,
    MonthlyChargesEnterpriseDrm: 0,
    FeatureFlags: null,
    PlayerVersion: 2,
    RemoveMetadataFromFallbackVideos: false,
    ScaleVideoUsingBothDimensions: false,
    ExposeOriginals: false,
    ExposeVideoMetadata: false,
    EnableCompactControls: false,
  };
}

const REGION_PLACES: Readonly<Record<string, readonly [continent: string, country: string, lat: number, lon: number]>> = {
  DE: ['EU', 'DE', 50.11, 8.68],
  UK: ['EU', 'GB', 51.51, -0.13],
  NY: ['NA', 'US', 40.71, -74.01],
  LA: ['NA', 'US', 34.05, -118.24],
  SG: ['ASIA', 'SG', 1.35, 103.82],
  SYD: ['OC', 'AU', -33.87, 151.21],
};

/** A RegionModel for one of the seed's regions. */
export function regionModel(region: SeedRegion, index: number): Wire {
  const [continent, country, lat, lon] = REGION_PLACES[region.id] ?? ['EU', region.id, 0, 0];
  return {
    Id: index + 1,
    Name: `${region.group}: ${region.name}, ${country}`,
    PricePerGigabyte: continent === 'EU' || continent === 'NA' ? 0.01 : 0.03,
    RegionCode: region.id,
    ContinentCode: continent,
    CountryCode: country,
    Latitude: lat,
    Longitude: lon,
    AllowLatencyRouting: region.hasAnycastSupport,
  };
}
