import Foundation

extension HouseholdBackup.Item {
    /// The item's JSON, byte for byte as ``HouseholdBackup/encoder()`` writes it (keys sorted, an
    /// absent value left out, slashes as they are), appended to `json` without going through
    /// `Encodable`: JSONEncoder spent most of a large backup's time on its items.
    public func appendJSON(to json: inout [UInt8]) {
        var item = JSONObject(into: &json)
        item.string("assetId", assetId?.text, &json)
        item.string("barcode", barcode, &json)
        item.string("brand", brand, &json)
        item.string("categoryId", categoryId?.uuidString, &json)
        item.string("categoryName", categoryName, &json)
        item.string("condition", condition?.rawValue, &json)
        item.string("containerId", containerId?.uuidString, &json)
        item.string("createdAt", RFC3339.string(from: createdAt), &json)
        item.string("deletedAt", deletedAt.map(RFC3339.string(from:)), &json)
        if let depreciation {
            item.key("depreciation", &json)
            var rule = JSONObject(into: &json)
            rule.int("floorPercent", depreciation.floorPercent, &json)
            if let years = depreciation.usefulLifeYears { rule.int("usefulLifeYears", years, &json) }
            json.append(UInt8(ascii: "}"))
        }
        item.string("description", description, &json)
        item.string("disposition", disposition?.rawValue, &json)
        item.string("id", id.uuidString, &json)
        if let missingPhotos { item.int("missingPhotos", missingPhotos, &json) }
        item.string("model", model, &json)
        item.string("name", name, &json)
        item.string("notes", notes, &json)
        item.key("photos", &json)
        json.append(UInt8(ascii: "["))
        for (index, photo) in photos.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            var object = JSONObject(into: &json)
            object.key("file", &json)
            var file = JSONObject(into: &json)
            file.int("byteSize", photo.file.byteSize, &json)
            file.string("contentType", photo.file.contentType, &json)
            file.int("height", photo.file.height, &json)
            file.string("sha256", photo.file.sha256, &json)
            file.int("width", photo.file.width, &json)
            json.append(UInt8(ascii: "}"))
            object.string("id", photo.id.uuidString, &json)
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        item.string("purchaseDate", purchaseDate?.description, &json)
        item.string("purchasePlace", purchasePlace, &json)
        item.money("purchasePrice", purchasePrice, &json)
        item.int("quantity", quantity, &json)
        item.money("replacementValue", replacementValue, &json)
        item.string("roomId", roomId?.uuidString, &json)
        item.string("roomName", roomName, &json)
        item.string("serialNumber", serialNumber, &json)
        item.strings("tags", tags, &json)
        item.string("updatedAt", RFC3339.string(from: updatedAt), &json)
        item.string("verifiedOn", verifiedOn?.description, &json)
        item.string("warrantyUntil", warrantyUntil?.description, &json)
        json.append(UInt8(ascii: "}"))
    }
}

private extension JSONObject {
    mutating func money(_ key: StaticString, _ value: Money?, _ json: inout [UInt8]) {
        guard let value else { return }
        self.key(key, &json)
        var money = JSONObject(into: &json)
        money.int("amount", value.amount, &json)
        money.string("currency", value.currency, &json)
        json.append(UInt8(ascii: "}"))
    }
}
