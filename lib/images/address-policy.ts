// Which addresses the portal may connect to when it fetches an image_url: public unicast only.
// Everything ipaddr.js classifies otherwise is refused — loopback, RFC 1918 private, link-local
// (169.254.169.254 is the cloud metadata service), carrier-grade NAT (100.100.100.200 is Alibaba's),
// unique-local IPv6 (fd00:ec2::254 is AWS's), multicast, broadcast, reserved and documentation
// ranges, and the transition prefixes (6to4, Teredo, NAT64) that embed an IPv4 address which could
// be any of those. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it maps.
import ipaddr from "ipaddr.js";

export type AddressPolicy = (address: string) => string | null;

/** Why the address may not be fetched from, or null when it is public. */
export const publicAddressesOnly: AddressPolicy = (address) => {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === "unicast" ? null : `${address} is a ${range} address, not a public one`;
};
