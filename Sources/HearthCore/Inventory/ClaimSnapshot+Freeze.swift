import Foundation

extension ClaimSnapshot {
    /// The snapshot of a claim's lines from the items as they are now. `groupNames` names rooms and
    /// categories, `categoryRules` gives categories' depreciation; `photos`, `receipts` and `documents` are each item's, in order (of
    /// documents, those that belong in a claim). Files are named for the pack: `photos/01-road-bike-1.jpg`,
    /// `receipts/01-road-bike-receipt-1.pdf`, `documents/01-road-bike-appraisal-1.pdf`.
    public init(claim: Claim, householdName: String, items: [UUID: InventoryItem], groupNames: [UUID: String],
                categoryRules: [UUID: Depreciation], photos: [UUID: [ItemPhoto]], receipts: [UUID: [Receipt]], documents: [UUID: [ItemDocument]] = [:],
                frozenAt: Date) {
        self.init(claimId: claim.id, householdName: householdName, incident: claim.incident, frozenAt: frozenAt, lines: [])
        for (index, line) in claim.lines.enumerated() {
            guard let item = items[line.itemId] else { continue }
            let prefix = String(format: "%02d-", index + 1) + Self.slug(item.name)
            let photoFiles = (photos[item.id] ?? []).enumerated().map { offset, photo in
                File(sha256: photo.sha256, name: "photos/\(prefix)-\(offset + 1).jpg", contentType: "image/jpeg")
            }
            let receiptFiles = (receipts[item.id] ?? []).compactMap(\.image).enumerated().map { offset, image in
                let isPDF = image.contentType == "application/pdf"
                return File(sha256: image.sha256, name: "receipts/\(prefix)-receipt-\(offset + 1).\(isPDF ? "pdf" : "jpg")",
                            contentType: isPDF ? "application/pdf" : "image/jpeg")
            }
            var counted: [ItemDocument.Kind: Int] = [:]
            let documentFiles = (documents[item.id] ?? []).filter(\.kind.belongsInClaim).map { document in
                counted[document.kind, default: 0] += 1
                let name = "documents/\(prefix)-\(document.kind.rawValue)-\(counted[document.kind]!).\(document.isPDF ? "pdf" : "jpg")"
                return File(sha256: document.file.sha256, name: name, contentType: document.isPDF ? "application/pdf" : "image/jpeg")
            }
            lines.append(Line(
                itemId: item.id, name: item.name, description: item.description, brand: item.brand, model: item.model,
                serialNumber: item.serialNumber, quantityLost: line.quantity, condition: item.condition, purchaseDate: item.purchaseDate,
                purchasePlace: item.purchasePlace, purchasePrice: item.purchasePrice, replacementEach: item.unitValue,
                room: item.roomId.flatMap { groupNames[$0] }, category: item.categoryId.flatMap { groupNames[$0] },
                hasReceipt: item.receiptCount > 0, photos: photoFiles, receipts: receiptFiles,
                documents: documentFiles.isEmpty ? nil : documentFiles, missing: item.documentation.missing,
                depreciation: item.depreciationRule(category: item.categoryId.flatMap { categoryRules[$0] })
            ))
        }
    }

    /// "Road bike (carbon)" → "road-bike-carbon": a file name part in plain ASCII.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let words = folded.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
        let slug = words.joined(separator: "-").prefix(40)
        return slug.isEmpty ? "item" : String(slug)
    }
}
