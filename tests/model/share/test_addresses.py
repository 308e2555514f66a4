"""The default addresses of a sharing session: the local network's, never loopback, public, virtual or VPN ones.
Checked on data only: nothing here binds or connects."""

from model.share.addresses import Adapter, adapters, pick


def test_a_computer_with_only_loopback_has_no_address_to_share_on():
    assert pick([Adapter("lo", "127.0.0.1"), Adapter("lo", "::1"), Adapter("Loopback Pseudo-Interface 1",
                                                                            "127.0.0.1")]) == []


def test_private_addresses_of_real_adapters_are_picked_in_order():
    found = [Adapter("lo", "127.0.0.1"), Adapter("wlp2s0", "192.168.1.23"), Adapter("eth0", "10.0.0.5"),
             Adapter("Wi-Fi", "172.20.1.4"), Adapter("wlp2s0", "192.168.1.23")]
    assert pick(found) == ["192.168.1.23", "10.0.0.5", "172.20.1.4"]


def test_public_link_local_virtual_and_vpn_addresses_are_never_picked():
    found = [Adapter("eth0", "203.0.113.7"), Adapter("eth0", "169.254.3.3"), Adapter("docker0", "172.17.0.1"),
             Adapter("virbr0", "192.168.122.1"), Adapter("vEthernet (WSL)", "172.29.0.1"),
             Adapter("tailscale0", "100.101.1.1"), Adapter("wg0", "10.6.0.2"), Adapter("tun0", "10.8.0.6"),
             Adapter("VirtualBox Host-Only Network", "192.168.56.1"), Adapter("eth1", "fd00::5"),
             Adapter("eth0", "not an address"), Adapter("Ethernet", "10.1.2.3")]
    assert pick(found) == ["10.1.2.3"]


def test_the_system_is_read_without_error_and_loopback_is_never_offered():
    found = adapters()
    assert all(isinstance(a.address, str) for a in found)
    assert not any(a.startswith("127.") for a in pick(found))
