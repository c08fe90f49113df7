;; The vector kernel's inner loops: one query against every row, as SIMD dot products.
;; Compiled by web/build/wasm.mjs (wabt) into the runtime's js/dots-wasm.mjs; used by js/vectors.mjs.
;; Rows are padded with zeros to a multiple of 16 values. `dots` scores float rows exactly; `dots8` scores
;; the same rows kept as int8 against an int16 query, a quarter of the bytes to read, for a first pass whose
;; error js/vectors.mjs bounds. Several accumulators keep the adds independent (one would wait on itself).
(module
  (memory (export "memory") 1)
  ;; scores[r] = row r of matrix . query, for `rows` rows of `stride` floats; pointers are byte offsets.
  (func (export "dots") (param $query i32) (param $matrix i32) (param $scores i32) (param $rows i32) (param $stride i32)
    (local $bytes i32) (local $end i32) (local $j i32)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (local.set $bytes (i32.shl (local.get $stride) (i32.const 2)))
    (local.set $end (i32.add (local.get $scores) (i32.shl (local.get $rows) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $scores) (local.get $end)))
        (local.set $a (v128.const f32x4 0 0 0 0))
        (local.set $b (v128.const f32x4 0 0 0 0))
        (local.set $c (v128.const f32x4 0 0 0 0))
        (local.set $d (v128.const f32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $column
          (local.set $a (f32x4.add (local.get $a) (f32x4.mul
            (v128.load (i32.add (local.get $matrix) (local.get $j)))
            (v128.load (i32.add (local.get $query) (local.get $j))))))
          (local.set $b (f32x4.add (local.get $b) (f32x4.mul
            (v128.load offset=16 (i32.add (local.get $matrix) (local.get $j)))
            (v128.load offset=16 (i32.add (local.get $query) (local.get $j))))))
          (local.set $c (f32x4.add (local.get $c) (f32x4.mul
            (v128.load offset=32 (i32.add (local.get $matrix) (local.get $j)))
            (v128.load offset=32 (i32.add (local.get $query) (local.get $j))))))
          (local.set $d (f32x4.add (local.get $d) (f32x4.mul
            (v128.load offset=48 (i32.add (local.get $matrix) (local.get $j)))
            (v128.load offset=48 (i32.add (local.get $query) (local.get $j))))))
          (local.set $j (i32.add (local.get $j) (i32.const 64)))
          (br_if $column (i32.lt_u (local.get $j) (local.get $bytes))))
        (local.set $a (f32x4.add (f32x4.add (local.get $a) (local.get $b)) (f32x4.add (local.get $c) (local.get $d))))
        (f32.store (local.get $scores)
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
            (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
        (local.set $matrix (i32.add (local.get $matrix) (local.get $bytes)))
        (local.set $scores (i32.add (local.get $scores) (i32.const 4)))
        (br $row))))

  ;; scores[r] = row r of the int8 matrix . the int16 query, exactly, as i32 (the caller scales the query so
  ;; that no sum overflows); rows of `stride` bytes.
  (func (export "dots8") (param $query i32) (param $matrix i32) (param $scores i32) (param $rows i32) (param $stride i32)
    (local $end i32) (local $j i32) (local $x v128) (local $a v128) (local $b v128)
    (local.set $end (i32.add (local.get $scores) (i32.shl (local.get $rows) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $scores) (local.get $end)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (loop $column
          (local.set $x (v128.load (i32.add (local.get $matrix) (local.get $j))))
          (local.set $a (i32x4.add (local.get $a) (i32x4.dot_i16x8_s
            (i16x8.extend_low_i8x16_s (local.get $x))
            (v128.load (i32.add (local.get $query) (i32.shl (local.get $j) (i32.const 1)))))))
          (local.set $b (i32x4.add (local.get $b) (i32x4.dot_i16x8_s
            (i16x8.extend_high_i8x16_s (local.get $x))
            (v128.load offset=16 (i32.add (local.get $query) (i32.shl (local.get $j) (i32.const 1)))))))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $column (i32.lt_u (local.get $j) (local.get $stride))))
        (local.set $a (i32x4.add (local.get $a) (local.get $b)))
        (i32.store (local.get $scores)
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
            (i32.add (i32x4.extract_lane 2 (local.get $a)) (i32x4.extract_lane 3 (local.get $a)))))
        (local.set $matrix (i32.add (local.get $matrix) (local.get $stride)))
        (local.set $scores (i32.add (local.get $scores) (i32.const 4)))
        (br $row)))))
