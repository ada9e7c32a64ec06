//go:build amd64 && !purego

#include "textflag.h"

// func columnsAVX2(acc []uint64, w1 []uint64, adds, subs []uint16)
TEXT ·columnsAVX2(SB), NOSPLIT, $0-96
	MOVQ	acc_base+0(FP), DI
	MOVQ	acc_len+8(FP), R8
	SHLQ	$3, R8             // bytes of acc, and of a column
	MOVQ	w1_base+24(FP), SI
	MOVQ	adds_base+48(FP), R9
	MOVQ	adds_len+56(FP), R10
	MOVQ	subs_base+72(FP), R11
	MOVQ	subs_len+80(FP), R12
	MOVQ	R8, R13
	ANDQ	$-64, R13          // bytes in whole blocks of 8 words
	XORQ	DX, DX             // byte offset of the block in acc and in the columns

block:
	CMPQ	DX, R13
	JAE	tail
	VMOVDQU	(DI)(DX*1), Y0
	VMOVDQU	32(DI)(DX*1), Y1
	XORQ	CX, CX

blockadd:
	CMPQ	CX, R10
	JAE	blocksubs
	MOVWQZX	(R9)(CX*2), AX
	IMULQ	R8, AX
	ADDQ	SI, AX
	ADDQ	DX, AX
	VPADDW	(AX), Y0, Y0
	VPADDW	32(AX), Y1, Y1
	INCQ	CX
	JMP	blockadd

blocksubs:
	XORQ	CX, CX

blocksub:
	CMPQ	CX, R12
	JAE	blockstore
	MOVWQZX	(R11)(CX*2), AX
	IMULQ	R8, AX
	ADDQ	SI, AX
	ADDQ	DX, AX
	VPSUBW	(AX), Y0, Y0
	VPSUBW	32(AX), Y1, Y1
	INCQ	CX
	JMP	blocksub

blockstore:
	VMOVDQU	Y0, (DI)(DX*1)
	VMOVDQU	Y1, 32(DI)(DX*1)
	ADDQ	$64, DX
	JMP	block

tail:
	CMPQ	DX, R8
	JAE	columnsdone
	VMOVQ	(DI)(DX*1), X0
	XORQ	CX, CX

tailadd:
	CMPQ	CX, R10
	JAE	tailsubs
	MOVWQZX	(R9)(CX*2), AX
	IMULQ	R8, AX
	ADDQ	SI, AX
	VMOVQ	(AX)(DX*1), X1
	VPADDW	X1, X0, X0
	INCQ	CX
	JMP	tailadd

tailsubs:
	XORQ	CX, CX

tailsub:
	CMPQ	CX, R12
	JAE	tailstore
	MOVWQZX	(R11)(CX*2), AX
	IMULQ	R8, AX
	ADDQ	SI, AX
	VMOVQ	(AX)(DX*1), X1
	VPSUBW	X1, X0, X0
	INCQ	CX
	JMP	tailsub

tailstore:
	VMOVQ	X0, (DI)(DX*1)
	ADDQ	$8, DX
	JMP	tail

columnsdone:
	VZEROUPPER
	RET

// func clampWordsAVX2(acc, out []uint64)
TEXT ·clampWordsAVX2(SB), NOSPLIT, $0-48
	MOVQ	acc_base+0(FP), SI
	MOVQ	acc_len+8(FP), CX
	MOVQ	out_base+24(FP), DI
	VPXOR	Y15, Y15, Y15
	MOVL	$0x00ff00ff, AX
	VMOVD	AX, X14
	VPBROADCASTD	X14, Y14

clamp4:
	CMPQ	CX, $4
	JB	clamptail
	VMOVDQU	(SI), Y0
	VPMAXSW	Y15, Y0, Y0
	VPMINSW	Y14, Y0, Y0
	VMOVDQU	Y0, (DI)
	ADDQ	$32, DI
	ADDQ	$32, SI
	SUBQ	$4, CX
	JMP	clamp4

clamptail:
	TESTQ	CX, CX
	JZ	clampdone
	VMOVQ	(SI), X0
	VPMAXSW	X15, X0, X0
	VPMINSW	X14, X0, X0
	VMOVQ	X0, (DI)
	ADDQ	$8, DI
	ADDQ	$8, SI
	DECQ	CX
	JMP	clamptail

clampdone:
	VZEROUPPER
	RET

// func denseMaddAVX2(a []int16, w []int16, out []int32)
TEXT ·denseMaddAVX2(SB), NOSPLIT, $0-72
	MOVQ	a_base+0(FP), SI
	MOVQ	a_len+8(FP), BX
	SHRQ	$1, BX             // pairs of inputs
	MOVQ	w_base+24(FP), DX
	MOVQ	out_base+48(FP), DI
	MOVQ	out_len+56(FP), R9
	SHLQ	$2, R9             // bytes of a pair's row: outs * 2 int16
	XORQ	R10, R10           // byte offset of the chunk of 8 outputs, in a row and in out

chunk:
	CMPQ	R10, R9
	JAE	densedone
	VPXOR	Y0, Y0, Y0
	VPXOR	Y1, Y1, Y1
	MOVQ	SI, AX
	LEAQ	(DX)(R10*1), R11
	MOVQ	BX, CX

pairs2:
	CMPQ	CX, $2
	JB	pair1
	VPBROADCASTD	(AX), Y2
	VPMADDWD	(R11), Y2, Y2
	VPADDD	Y2, Y0, Y0
	VPBROADCASTD	4(AX), Y3
	VPMADDWD	(R11)(R9*1), Y3, Y3
	VPADDD	Y3, Y1, Y1
	ADDQ	$8, AX
	LEAQ	(R11)(R9*2), R11
	SUBQ	$2, CX
	JMP	pairs2

pair1:
	TESTQ	CX, CX
	JZ	store
	VPBROADCASTD	(AX), Y2
	VPMADDWD	(R11), Y2, Y2
	VPADDD	Y2, Y0, Y0

store:
	VPADDD	Y1, Y0, Y0
	VMOVDQU	Y0, (DI)(R10*1)
	ADDQ	$32, R10
	JMP	chunk

densedone:
	VZEROUPPER
	RET

// func activateAVX2(sums, bias []int32, out []int16)
TEXT ·activateAVX2(SB), NOSPLIT, $0-72
	MOVQ	sums_base+0(FP), SI
	MOVQ	sums_len+8(FP), CX
	MOVQ	bias_base+24(FP), DX
	MOVQ	out_base+48(FP), DI
	MOVL	$512, AX           // denseHalf
	VMOVD	AX, X13
	VPBROADCASTD	X13, Y13
	MOVL	$255, AX           // actOne
	VMOVD	AX, X14
	VPBROADCASTD	X14, Y14
	VPXOR	Y15, Y15, Y15

act8:
	CMPQ	CX, $8
	JB	actdone
	VMOVDQU	(SI), Y0
	VPADDD	(DX), Y0, Y0
	VPADDD	Y13, Y0, Y0
	VPSRAD	$10, Y0, Y0        // denseShift
	VPMAXSD	Y15, Y0, Y0
	VPMINSD	Y14, Y0, Y0
	VEXTRACTI128	$1, Y0, X1
	VPACKSSDW	X1, X0, X0
	VMOVDQU	X0, (DI)
	ADDQ	$32, SI
	ADDQ	$32, DX
	ADDQ	$16, DI
	SUBQ	$8, CX
	JMP	act8

actdone:
	VZEROUPPER
	RET

// func outputAVX2(sums, bias, w []int32) int32
TEXT ·outputAVX2(SB), NOSPLIT, $0-76
	MOVQ	sums_base+0(FP), SI
	MOVQ	sums_len+8(FP), CX
	MOVQ	bias_base+24(FP), DX
	MOVQ	w_base+48(FP), R8
	MOVL	$512, AX           // denseHalf
	VMOVD	AX, X13
	VPBROADCASTD	X13, Y13
	MOVL	$255, AX           // actOne
	VMOVD	AX, X14
	VPBROADCASTD	X14, Y14
	VPXOR	Y15, Y15, Y15
	VPXOR	Y0, Y0, Y0

out8:
	CMPQ	CX, $8
	JB	outsum
	VMOVDQU	(SI), Y1
	VPADDD	(DX), Y1, Y1
	VPADDD	Y13, Y1, Y1
	VPSRAD	$10, Y1, Y1        // denseShift
	VPMAXSD	Y15, Y1, Y1
	VPMINSD	Y14, Y1, Y1
	VPMULLD	(R8), Y1, Y1
	VPADDD	Y1, Y0, Y0
	ADDQ	$32, SI
	ADDQ	$32, DX
	ADDQ	$32, R8
	SUBQ	$8, CX
	JMP	out8

outsum:
	VEXTRACTI128	$1, Y0, X1
	VPADDD	X1, X0, X0
	VPSHUFD	$0x4e, X0, X1
	VPADDD	X1, X0, X0
	VPSHUFD	$0xb1, X0, X1
	VPADDD	X1, X0, X0
	VMOVD	X0, AX
	MOVL	AX, ret+72(FP)
	VZEROUPPER
	RET

// func forwardFusedAVX2(mover, other *uint64, words int, f *fusedNet, scratch *int16) int32
//
// The layout of fusedNet (fusedTest checks it): b2 [16]int32 at 0, w3 [8*16*2]int16
// at 64, b3 [16]int32 at 576, w4 [16]int32 at 640, w2 (a pointer) at 704.
TEXT ·forwardFusedAVX2(SB), NOSPLIT, $0-44
	MOVQ	mover+0(FP), SI
	MOVQ	other+8(FP), R8
	MOVQ	words+16(FP), BX
	SHLQ	$3, BX             // bytes of an accumulator
	MOVQ	f+24(FP), R11
	MOVQ	scratch+32(FP), DI
	VPXOR	Y15, Y15, Y15
	MOVL	$0x00ff00ff, AX
	VMOVD	AX, X14
	VPBROADCASTD	X14, Y14   // 255 as int16 lanes
	// The first layer's outputs, clamped to 0..255: the mover's at DI, the other's
	// at DI+BX.
	LEAQ	(DI)(BX*1), R9
	XORQ	AX, AX

fclamp:
	VMOVDQU	(SI)(AX*1), Y0
	VMOVDQU	(R8)(AX*1), Y1
	VPMAXSW	Y15, Y0, Y0
	VPMAXSW	Y15, Y1, Y1
	VPMINSW	Y14, Y0, Y0
	VPMINSW	Y14, Y1, Y1
	VMOVDQU	Y0, (DI)(AX*1)
	VMOVDQU	Y1, (R9)(AX*1)
	ADDQ	$32, AX
	CMPQ	AX, BX
	JB	fclamp

	// L2: 16 outputs, in Y0 (0-7) and Y1 (8-15), plus Y2, Y3 for every other pair
	// of inputs; four pairs a step (2*Hidden inputs: a multiple of 8).
	MOVQ	704(R11), DX       // w2: a pair's row is 16 outputs * 2 int16, 64 bytes
	MOVQ	DI, AX
	LEAQ	(DI)(BX*2), R10    // the end of the activations
	VPXOR	Y0, Y0, Y0
	VPXOR	Y1, Y1, Y1
	VPXOR	Y2, Y2, Y2
	VPXOR	Y3, Y3, Y3

fl2:
	VPBROADCASTD	(AX), Y4
	VPMADDWD	(DX), Y4, Y5
	VPMADDWD	32(DX), Y4, Y6
	VPADDD	Y5, Y0, Y0
	VPADDD	Y6, Y1, Y1
	VPBROADCASTD	4(AX), Y7
	VPMADDWD	64(DX), Y7, Y8
	VPMADDWD	96(DX), Y7, Y9
	VPADDD	Y8, Y2, Y2
	VPADDD	Y9, Y3, Y3
	VPBROADCASTD	8(AX), Y4
	VPMADDWD	128(DX), Y4, Y5
	VPMADDWD	160(DX), Y4, Y6
	VPADDD	Y5, Y0, Y0
	VPADDD	Y6, Y1, Y1
	VPBROADCASTD	12(AX), Y7
	VPMADDWD	192(DX), Y7, Y8
	VPMADDWD	224(DX), Y7, Y9
	VPADDD	Y8, Y2, Y2
	VPADDD	Y9, Y3, Y3
	ADDQ	$16, AX
	ADDQ	$256, DX
	CMPQ	AX, R10
	JB	fl2

	VPADDD	Y2, Y0, Y0
	VPADDD	Y3, Y1, Y1
	MOVL	$512, AX           // denseHalf
	VMOVD	AX, X13
	VPBROADCASTD	X13, Y13
	MOVL	$255, AX           // actOne
	VMOVD	AX, X12
	VPBROADCASTD	X12, Y12
	// The L2 activations: (sum + bias + denseHalf) >> denseShift, clamped to 0..255.
	VPADDD	(R11), Y0, Y0
	VPADDD	32(R11), Y1, Y1
	VPADDD	Y13, Y0, Y0
	VPADDD	Y13, Y1, Y1
	VPSRAD	$10, Y0, Y0
	VPSRAD	$10, Y1, Y1
	VPMAXSD	Y15, Y0, Y0
	VPMAXSD	Y15, Y1, Y1
	VPMINSD	Y12, Y0, Y0
	VPMINSD	Y12, Y1, Y1
	// To 16 int16 in order (VPACKSSDW packs within 128-bit lanes: 0-3, 8-11, 4-7,
	// 12-15; VPERMQ puts the quarters back in order).
	VPACKSSDW	Y1, Y0, Y0
	VPERMQ	$0xd8, Y0, Y0
	VMOVDQU	Y0, (DI)

	// L3: 16 outputs from the 16 L2 activations (8 pairs, padded with zero
	// weights), unrolled.
	VPBROADCASTD	(DI), Y4
	VPMADDWD	64(R11), Y4, Y0
	VPMADDWD	96(R11), Y4, Y1
	VPBROADCASTD	4(DI), Y7
	VPMADDWD	128(R11), Y7, Y2
	VPMADDWD	160(R11), Y7, Y3
	VPBROADCASTD	8(DI), Y4
	VPMADDWD	192(R11), Y4, Y5
	VPMADDWD	224(R11), Y4, Y6
	VPADDD	Y5, Y0, Y0
	VPADDD	Y6, Y1, Y1
	VPBROADCASTD	12(DI), Y7
	VPMADDWD	256(R11), Y7, Y8
	VPMADDWD	288(R11), Y7, Y9
	VPADDD	Y8, Y2, Y2
	VPADDD	Y9, Y3, Y3
	VPBROADCASTD	16(DI), Y4
	VPMADDWD	320(R11), Y4, Y5
	VPMADDWD	352(R11), Y4, Y6
	VPADDD	Y5, Y0, Y0
	VPADDD	Y6, Y1, Y1
	VPBROADCASTD	20(DI), Y7
	VPMADDWD	384(R11), Y7, Y8
	VPMADDWD	416(R11), Y7, Y9
	VPADDD	Y8, Y2, Y2
	VPADDD	Y9, Y3, Y3
	VPBROADCASTD	24(DI), Y4
	VPMADDWD	448(R11), Y4, Y5
	VPMADDWD	480(R11), Y4, Y6
	VPADDD	Y5, Y0, Y0
	VPADDD	Y6, Y1, Y1
	VPBROADCASTD	28(DI), Y7
	VPMADDWD	512(R11), Y7, Y8
	VPMADDWD	544(R11), Y7, Y9
	VPADDD	Y8, Y2, Y2
	VPADDD	Y9, Y3, Y3
	VPADDD	Y2, Y0, Y0
	VPADDD	Y3, Y1, Y1

	// The output: the L3 activations times w4, summed.
	VPADDD	576(R11), Y0, Y0
	VPADDD	608(R11), Y1, Y1
	VPADDD	Y13, Y0, Y0
	VPADDD	Y13, Y1, Y1
	VPSRAD	$10, Y0, Y0
	VPSRAD	$10, Y1, Y1
	VPMAXSD	Y15, Y0, Y0
	VPMAXSD	Y15, Y1, Y1
	VPMINSD	Y12, Y0, Y0
	VPMINSD	Y12, Y1, Y1
	VPMULLD	640(R11), Y0, Y0
	VPMULLD	672(R11), Y1, Y1
	VPADDD	Y1, Y0, Y0
	VEXTRACTI128	$1, Y0, X1
	VPADDD	X1, X0, X0
	VPSHUFD	$0x4e, X0, X1
	VPADDD	X1, X0, X0
	VPSHUFD	$0xb1, X0, X1
	VPADDD	X1, X0, X0
	VMOVD	X0, AX
	MOVL	AX, ret+40(FP)
	VZEROUPPER
	RET

// func columns2AVX2(acc0, acc1 *uint64, words int, w1 *uint64, inputs int, adds, subs *[2][]uint16) bool
//
// columnsAVX2 for both accumulators, acc0 by adds[0] and subs[0], acc1 by adds[1]
// and subs[1], each input checked against inputs: false (the accumulators then
// partly updated) when one is not below it.
TEXT ·columns2AVX2(SB), NOSPLIT, $0-57
	MOVQ	words+16(FP), R8
	SHLQ	$3, R8             // bytes of acc, and of a column
	MOVQ	w1+24(FP), SI
	MOVQ	inputs+32(FP), R13
	MOVQ	acc0+0(FP), DI
	MOVQ	adds+40(FP), R14
	MOVQ	0(R14), R9
	MOVQ	8(R14), R10
	MOVQ	subs+48(FP), R14
	MOVQ	0(R14), R11
	MOVQ	8(R14), R12
	XORQ	BX, BX             // the accumulator: 0, then 1

c2acc:
	XORQ	DX, DX             // byte offset of the block in acc and in the columns

c2block:
	LEAQ	64(DX), AX
	CMPQ	AX, R8
	JA	c2tail
	VMOVDQU	(DI)(DX*1), Y0
	VMOVDQU	32(DI)(DX*1), Y1
	XORQ	CX, CX
	CMPQ	CX, R10
	JAE	c2blocksubs

c2blockadd:
	MOVWQZX	(R9)(CX*2), AX
	CMPQ	AX, R13
	JAE	c2bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPADDW	(AX)(DX*1), Y0, Y0
	VPADDW	32(AX)(DX*1), Y1, Y1
	INCQ	CX
	CMPQ	CX, R10
	JB	c2blockadd

c2blocksubs:
	XORQ	CX, CX
	CMPQ	CX, R12
	JAE	c2blockstore

c2blocksub:
	MOVWQZX	(R11)(CX*2), AX
	CMPQ	AX, R13
	JAE	c2bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPSUBW	(AX)(DX*1), Y0, Y0
	VPSUBW	32(AX)(DX*1), Y1, Y1
	INCQ	CX
	CMPQ	CX, R12
	JB	c2blocksub

c2blockstore:
	VMOVDQU	Y0, (DI)(DX*1)
	VMOVDQU	Y1, 32(DI)(DX*1)
	ADDQ	$64, DX
	JMP	c2block

c2tail:
	CMPQ	DX, R8
	JAE	c2next
	VMOVQ	(DI)(DX*1), X0
	XORQ	CX, CX

c2tailadd:
	CMPQ	CX, R10
	JAE	c2tailsubs
	MOVWQZX	(R9)(CX*2), AX
	CMPQ	AX, R13
	JAE	c2bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VMOVQ	(AX)(DX*1), X1
	VPADDW	X1, X0, X0
	INCQ	CX
	JMP	c2tailadd

c2tailsubs:
	XORQ	CX, CX

c2tailsub:
	CMPQ	CX, R12
	JAE	c2tailstore
	MOVWQZX	(R11)(CX*2), AX
	CMPQ	AX, R13
	JAE	c2bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VMOVQ	(AX)(DX*1), X1
	VPSUBW	X1, X0, X0
	INCQ	CX
	JMP	c2tailsub

c2tailstore:
	VMOVQ	X0, (DI)(DX*1)
	ADDQ	$8, DX
	JMP	c2tail

c2next:
	TESTQ	BX, BX
	JNZ	c2done
	INCQ	BX
	MOVQ	acc1+8(FP), DI
	MOVQ	adds+40(FP), R14
	MOVQ	24(R14), R9
	MOVQ	32(R14), R10
	MOVQ	subs+48(FP), R14
	MOVQ	24(R14), R11
	MOVQ	32(R14), R12
	JMP	c2acc

c2done:
	VZEROUPPER
	MOVB	$1, ret+56(FP)
	RET

c2bad:
	VZEROUPPER
	MOVB	$0, ret+56(FP)
	RET

// func columns4AVX2(acc0, acc1 *uint64, words int, w1 *uint64, inputs int, adds, subs *[2][]uint16) bool
//
// columns2AVX2 for words a multiple of 8, with the four lists walked together as far
// as the shortest goes (a column of each a step: one loop, so one exit to predict,
// where the lists are of similar lengths, as a turn's changes for the two players
// are), then each list's rest. R13 holds that common length; inputs is compared
// from memory.
TEXT ·columns4AVX2(SB), NOSPLIT, $0-57
	MOVQ	words+16(FP), R8
	SHLQ	$3, R8             // bytes of acc, and of a column
	MOVQ	w1+24(FP), SI
	MOVQ	acc0+0(FP), DI
	MOVQ	acc1+8(FP), BX
	MOVQ	adds+40(FP), R14
	MOVQ	0(R14), R9         // adds[0]
	MOVQ	8(R14), R13
	MOVQ	24(R14), R10       // adds[1]
	MOVQ	32(R14), AX
	CMPQ	AX, R13
	CMOVQLT	AX, R13
	MOVQ	subs+48(FP), R14
	MOVQ	0(R14), R11        // subs[0]
	MOVQ	8(R14), AX
	CMPQ	AX, R13
	CMOVQLT	AX, R13
	MOVQ	24(R14), R12       // subs[1]
	MOVQ	32(R14), AX
	CMPQ	AX, R13
	CMOVQLT	AX, R13
	XORQ	DX, DX             // byte offset of the block in the accumulators and the columns

c4block:
	CMPQ	DX, R8
	JAE	c4done
	VMOVDQU	(DI)(DX*1), Y0
	VMOVDQU	32(DI)(DX*1), Y1
	VMOVDQU	(BX)(DX*1), Y2
	VMOVDQU	32(BX)(DX*1), Y3
	XORQ	CX, CX
	TESTQ	R13, R13
	JZ	c4rest

c4four:
	MOVWQZX	(R9)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPADDW	(AX)(DX*1), Y0, Y0
	VPADDW	32(AX)(DX*1), Y1, Y1
	MOVWQZX	(R11)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPSUBW	(AX)(DX*1), Y0, Y0
	VPSUBW	32(AX)(DX*1), Y1, Y1
	MOVWQZX	(R10)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPADDW	(AX)(DX*1), Y2, Y2
	VPADDW	32(AX)(DX*1), Y3, Y3
	MOVWQZX	(R12)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPSUBW	(AX)(DX*1), Y2, Y2
	VPSUBW	32(AX)(DX*1), Y3, Y3
	INCQ	CX
	CMPQ	CX, R13
	JB	c4four

c4rest:
	// adds[0] from the common length on
	MOVQ	adds+40(FP), R14
	MOVQ	8(R14), R14
	MOVQ	R13, CX

c4add0:
	CMPQ	CX, R14
	JAE	c4sub0
	MOVWQZX	(R9)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPADDW	(AX)(DX*1), Y0, Y0
	VPADDW	32(AX)(DX*1), Y1, Y1
	INCQ	CX
	JMP	c4add0

c4sub0:
	MOVQ	subs+48(FP), R14
	MOVQ	8(R14), R14
	MOVQ	R13, CX

c4sub0loop:
	CMPQ	CX, R14
	JAE	c4add1
	MOVWQZX	(R11)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPSUBW	(AX)(DX*1), Y0, Y0
	VPSUBW	32(AX)(DX*1), Y1, Y1
	INCQ	CX
	JMP	c4sub0loop

c4add1:
	MOVQ	adds+40(FP), R14
	MOVQ	32(R14), R14
	MOVQ	R13, CX

c4add1loop:
	CMPQ	CX, R14
	JAE	c4sub1
	MOVWQZX	(R10)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPADDW	(AX)(DX*1), Y2, Y2
	VPADDW	32(AX)(DX*1), Y3, Y3
	INCQ	CX
	JMP	c4add1loop

c4sub1:
	MOVQ	subs+48(FP), R14
	MOVQ	32(R14), R14
	MOVQ	R13, CX

c4sub1loop:
	CMPQ	CX, R14
	JAE	c4store
	MOVWQZX	(R12)(CX*2), AX
	CMPQ	AX, inputs+32(FP)
	JAE	c4bad
	IMULQ	R8, AX
	ADDQ	SI, AX
	VPSUBW	(AX)(DX*1), Y2, Y2
	VPSUBW	32(AX)(DX*1), Y3, Y3
	INCQ	CX
	JMP	c4sub1loop

c4store:
	VMOVDQU	Y0, (DI)(DX*1)
	VMOVDQU	Y1, 32(DI)(DX*1)
	VMOVDQU	Y2, (BX)(DX*1)
	VMOVDQU	Y3, 32(BX)(DX*1)
	ADDQ	$64, DX
	JMP	c4block

c4done:
	VZEROUPPER
	MOVB	$1, ret+56(FP)
	RET

c4bad:
	VZEROUPPER
	MOVB	$0, ret+56(FP)
	RET
