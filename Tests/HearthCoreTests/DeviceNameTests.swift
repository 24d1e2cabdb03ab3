import HearthCore
import Testing

@Suite struct DeviceNameTests {
    @Test(arguments: [
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1", "Chrome on iPhone"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on Mac"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on ChromeOS"),
        ("hearth-cli/0.9.0", "hearth CLI"),
        ("curl/8.5.0", "curl"),
        ("python-requests/2.31.0", "python-requests"),
        ("Mozilla/5.0 (compatible; SomeBot)", "A browser"),
    ])
    func namesTheDevice(agent: String, name: String) {
        #expect(DeviceName.describe(userAgent: agent) == name)
    }

    @Test func noAgentIsAnUnknownDevice() {
        #expect(DeviceName.describe(userAgent: nil) == "Unknown device")
        #expect(DeviceName.describe(userAgent: "  ") == "Unknown device")
    }
}
