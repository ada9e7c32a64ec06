package record

// AppendRecord appends r as one line of a games file, without its newline, of the current version
// (RecordVersion), with its checksum, as the runner writes it: a games file is a
// header (WriteHeader) and such lines. Tools that record games of their own (the
// web application's played games) write them with it, so that replay, export and
// merge read them as the runner's.
func AppendRecord(dst []byte, r *Record) []byte { return appendRecord(dst, r, nil, nil) }
