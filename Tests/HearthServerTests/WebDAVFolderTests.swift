import Foundation
import Testing
@testable import HearthServer

/// What Hearth reads of a WebDAV server's answers, and which files there it counts as its own.
@Suite struct WebDAVFolderTests {
    @Test func aFolderListingIsReadWhateverPrefixTheDAVNamespaceHas() {
        let nextcloud = """
            <?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/remote.php/dav/files/me/hearth/a%20b/</d:href></d:response>
            <d:response><d:href>/remote.php/dav/files/me/hearth/a%20b/hearth-backup-20261124-030000.zip.enc</d:href></d:response></d:multistatus>
            """
        #expect(WebDAVFolder.hrefs(in: nextcloud) == ["/remote.php/dav/files/me/hearth/a%20b/",
                                                      "/remote.php/dav/files/me/hearth/a%20b/hearth-backup-20261124-030000.zip.enc"])
        let plain = #"<multistatus xmlns="DAV:"><response><href> http://nas/x?a=1&amp;b=2 </href></response></multistatus>"#
        #expect(WebDAVFolder.hrefs(in: plain) == ["http://nas/x?a=1&b=2"])
    }

    @Test func aSubfolderEscapesItsName() {
        let folder = WebDAVFolder(url: "https://nas.local/dav/backups", user: nil, password: nil)
        #expect(folder.url == "https://nas.local/dav/backups/")
        #expect(folder.subfolder("a b#c").url == "https://nas.local/dav/backups/a%20b%23c/")
    }

    @Test func credentialsInTheAddressAreNeverShown() {
        #expect(WebDAVFolder.withoutCredentials("https://me:secret@nas.local/dav/") == "https://nas.local/dav/")
        #expect(WebDAVFolder.withoutCredentials("https://nas.local/dav/") == "https://nas.local/dav/")
    }

    @Test func onlyHearthsOwnEncryptedBackupsArePruned() {
        #expect(OffsiteBackups.isSentName("hearth-backup-20261124-030000.zip.enc"))
        for other in ["hearth-backup-20261124-030000.zip", "notes.txt", ".hearth-backup-20261124-030000.zip.enc.part", "hearth-backup-x.zip.enc"] {
            #expect(!OffsiteBackups.isSentName(other), "\(other)")
        }
    }
}
