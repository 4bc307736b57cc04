extension Collection<UInt8> {
    /// Runs `body` over these bytes, copying only when the collection has no contiguous
    /// storage of its own (a native `String`'s `utf8`, `Data` and `[UInt8]` have).
    package func withContiguousBytes<Value, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let direct = withContiguousStorageIfAvailable { buffer in
            Result { () throws(Failure) in try body(buffer) }
        }
        if let direct { return try direct.get() }
        return try Array(self).withUnsafeBufferPointer { buffer in
            Result { () throws(Failure) in try body(buffer) }
        }.get()
    }
}
