"""Where a sharing session listens by default: this computer's addresses on the local network.

Only private IPv4 addresses (home and office networks: 10/8, 172.16/12, 192.168/16) of real network adapters:
never loopback (a phone cannot reach it), never a public address (the server must not face the internet), never a
virtual adapter (containers, virtual machines) or a VPN's (the phones are not on them).
"""

from __future__ import annotations

import ipaddress
from typing import NamedTuple

# names of adapters that are not the room's network: containers and VMs, VPN tunnels (WireGuard, Tailscale,
# ZeroTier, OpenVPN tun/tap, macOS utun), loopback
VIRTUAL = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "vethernet", "tun", "tap", "wg",
           "tailscale", "zt", "utun", "awdl", "llw", "podman", "cni", "flannel", "kube")
LAN_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))


class Adapter(NamedTuple):
    name: str
    address: str


def adapters() -> list[Adapter]:
    """This computer's IPv4 addresses per adapter, read from the system (ifaddr; sends nothing)."""
    import ifaddr
    out = []
    for a in ifaddr.get_adapters():
        for ip in a.ips:
            if isinstance(ip.ip, str):            # IPv4 (IPv6 comes as a tuple)
                out.append(Adapter(str(a.nice_name or a.name), ip.ip))
    return out


def is_virtual(name: str) -> bool:
    low = name.lower()
    return low.startswith(VIRTUAL) or "virtual" in low or "vpn" in low or "hyper-v" in low


def pick(found: list[Adapter]) -> list[str]:
    """The addresses a phone on the same network can reach, in a stable order (none: no local network)."""
    out = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a.address)
        except ValueError:
            continue
        if ip.version == 4 and any(ip in n for n in LAN_NETWORKS) and not is_virtual(a.name) \
                and a.address not in out:
            out.append(a.address)
    return out


def local_network_addresses() -> list[str]:
    return pick(adapters())
