import Foundation
import HearthCore
import ZIPFoundation

/// The claim pack an adjuster receives: `claim.pdf`, `claim.csv`, `claim.json` (the frozen claim
/// the SHA-256 is of), and every photo, receipt and claim document (appraisal, warranty, receipt) of the listed items, named by line and item so
/// they match the lines (`photos/01-television-1.jpg`).
public enum ClaimPack {
    /// Writes the pack to `destination`; `file` says where each photo or receipt is on disk (a file
    /// it cannot find is left out and named in README.txt).
    public static func write(snapshotJSON: Data, snapshot: ClaimSnapshot, sha256: String, csv: String, pdf: URL,
                             file: (ClaimSnapshot.File) -> URL?, to destination: URL) throws {
        let archive = try Archive(url: destination, accessMode: .create)
        var missing: [String] = []
        try archive.addEntry(with: "claim.pdf", fileURL: pdf, compressionMethod: .deflate)
        try add(Data(csv.utf8), path: "claim.csv", to: archive)
        try add(snapshotJSON, path: "claim.json", to: archive)
        for entry in snapshot.files {
            guard let url = file(entry) else {
                missing.append(entry.name)
                continue
            }
            try archive.addEntry(with: entry.name, fileURL: url, compressionMethod: .none)
        }
        var readme = """
            Claim for \(snapshot.incident.kind.title.lowercased()) on \(snapshot.incident.date), \(snapshot.householdName).
            Frozen \(snapshot.frozenAt.formatted(Date.ISO8601FormatStyle())); it does not change after that.

            claim.json is the claim as frozen. Its SHA-256 is
            \(sha256)
            as shown on every page of claim.pdf (check with: sha256sum claim.json).
            claim.csv lists the items; its "Photo file names" column names the files in photos/.
            receipts/ holds the receipts, named by the same line number and item;
            documents/ the appraisals, warranties and receipts kept with the items.

            """
        if !missing.isEmpty { readme += "These files were no longer on the server: \(missing.joined(separator: ", ")).\n" }
        try add(Data(readme.utf8), path: "README.txt", to: archive)
    }

    private static func add(_ data: Data, path: String, to archive: Archive) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { (position: Int64, size: Int) in
            data.subdata(in: Int(position)..<min(Int(position) + size, data.count))
        }
    }
}
