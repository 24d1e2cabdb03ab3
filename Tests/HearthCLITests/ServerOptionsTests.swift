import ArgumentParser
import Foundation
import HearthServer
import Testing
@testable import HearthCLI

@Suite struct ServerOptionsTests {
    @Test func environmentVariablesConfigureTheServer() throws {
        let options = try ServerOptions.parse([])
        let configuration = try options.configuration(environment: [
            "HEARTH_HOST": "0.0.0.0", "HEARTH_PORT": "9000", "HEARTH_DATA_DIR": "/srv/hearth",
            "HEARTH_DATABASE_URL": "postgres://h@db/hearth", "HEARTH_REGISTRATION": "closed",
        ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9000)
        #expect(configuration.dataDirectory == "/srv/hearth")
        #expect(configuration.databaseURL == "postgres://h@db/hearth")
        #expect(configuration.registrationOpen == false)
    }

    @Test func mailNeedsThePublicAddressForItsLinks() throws {
        let options = try ServerOptions.parse([])
        #expect(throws: ValidationError.self) {
            try options.configuration(environment: ["HEARTH_SMTP_URL": "smtp://mail.example.org"])
        }
        #expect(throws: ValidationError.self) {
            try options.configuration(environment: ["HEARTH_SMTP_URL": "http://mail.example.org", "HEARTH_PUBLIC_URL": "https://hearth.example.org"])
        }
        #expect(throws: ValidationError.self) { try options.configuration(environment: ["HEARTH_PUBLIC_URL": "hearth.example.org"]) }
        let configuration = try options.configuration(environment: [
            "HEARTH_SMTP_URL": "smtps://hearth%40example.org:p%40ss@mail.example.org", "HEARTH_PUBLIC_URL": "https://hearth.example.org",
        ])
        let mail = try #require(configuration.mail)
        #expect(mail.host == "mail.example.org" && mail.port == 465 && mail.security == .implicitTLS)
        #expect(mail.username == "hearth@example.org" && mail.password == "p@ss" && mail.from == "Hearth <hearth@mail.example.org>")
        #expect(configuration.publicURL?.absoluteString == "https://hearth.example.org")
    }

    @Test func offSiteBackupsGoToAWebDAVFolder() throws {
        let options = try ServerOptions.parse([])
        #expect(try options.configuration(environment: [:]).offsiteBackup == nil)
        for bad in ["cloud.example.org/dav", "ftp://nas.local/backups", "https://nas.local/dav?x=1"] {
            #expect(throws: ValidationError.self, "\(bad)") { try options.configuration(environment: ["HEARTH_BACKUP_WEBDAV_URL": bad]) }
        }
        let configuration = try options.configuration(environment: [
            "HEARTH_BACKUP_WEBDAV_URL": "https://cloud.example.org/remote.php/dav/files/me/hearth/",
            "HEARTH_BACKUP_WEBDAV_USER": "me", "HEARTH_BACKUP_WEBDAV_PASSWORD": "app-password",
        ])
        #expect(configuration.offsiteBackup == WebDAVSettings(url: "https://cloud.example.org/remote.php/dav/files/me/hearth/", user: "me",
                                                              password: "app-password"))
    }

    @Test func receiptLanguagesMustBeInstalled() throws {
        let options = try ServerOptions.parse([])
        #expect(try options.configuration(environment: ["HEARTH_OCR_LANGUAGES": "eng"]).ocrLanguages == ["eng"])
        #expect(try options.configuration(environment: [:]).ocrLanguages == nil, "every installed language")
        let error = #expect(throws: ValidationError.self) {
            try options.configuration(environment: ["HEARTH_OCR_LANGUAGES": "eng,chi_tra_vert"])
        }
        #expect(error?.message.contains("install tesseract-ocr-chi-tra-vert") == true, "\(String(describing: error))")
    }

    @Test func flagsWinOverEnvironmentVariables() throws {
        let options = try ServerOptions.parse(["--port", "8181", "--data-dir", "/tmp/h"])
        let configuration = try options.configuration(environment: ["HEARTH_PORT": "9000", "HEARTH_DATA_DIR": "/srv/hearth"])
        #expect(configuration.port == 8181)
        #expect(configuration.dataDirectory == "/tmp/h")
    }

    @Test func defaultsServeLocallyOnPort8080WithOpenRegistration() throws {
        let configuration = try ServerOptions.parse([]).configuration(environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.databaseURL == nil)
        #expect(configuration.registrationOpen)
    }

    @Test func anUnknownRegistrationModeIsAnError() throws {
        #expect(throws: ValidationError.self) {
            try ServerOptions.parse([]).configuration(environment: ["HEARTH_REGISTRATION": "sometimes"])
        }
    }
}
